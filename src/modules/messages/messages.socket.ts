import type { AppContext } from '../../context.ts';
import { forbidden } from '../../errors.ts';
import { parse } from '../../lib/validate.ts';
import type { MessagePayload } from '../../realtime/events.ts';
import { answerEvent, type ChatSocket, type SocketHandlers } from '../../realtime/gateway.ts';
import { editBody, reactBody, recallBody, sendBody, typingBody } from './messages.schema.ts';

/**
 * The messaging events of a connection: `msg`, `recall`, `edit`, `react`, `typing`
 * (docs/protocol.md, "Messaging"). Payloads are parsed with the same zod
 * schemas as HTTP; an API-key connection needs the `messages.send` scope for
 * all five, as `POST /api/messages` does. Also counts this node's deliveries.
 */
export function messagingSocketHandlers(ctx: AppContext): SocketHandlers {
  return (socket, { messages }) => {
    const { userId } = socket.data;
    const mayAct = () => {
      if (socket.data.scopes !== null && !socket.data.scopes.includes('messages.send')) throw forbidden();
    };

    socket.on('msg', (payload, ack) =>
      answerEvent(ctx, ack, async () => {
        mayAct();
        return { message: await messages.send(userId, parse(sendBody, payload), socket.id) };
      }),
    );
    socket.on('recall', (payload, ack) =>
      answerEvent(ctx, ack, async () => {
        mayAct();
        await messages.recall(userId, parse(recallBody, payload));
        return {};
      }),
    );
    socket.on('edit', (payload, ack) =>
      answerEvent(ctx, ack, async () => {
        mayAct();
        return { message: await messages.edit(userId, parse(editBody, payload)) };
      }),
    );
    socket.on('react', (payload, ack) =>
      answerEvent(ctx, ack, async () => {
        mayAct();
        return { reactions: await messages.react(userId, parse(reactBody, payload)) };
      }),
    );
    socket.on('typing', (payload, ack) =>
      answerEvent(ctx, ack, async () => {
        mayAct();
        return { forwarded: await messages.typing(userId, parse(typingBody, payload)) };
      }),
    );

    countDeliveries(ctx, socket);
  };
}

/** Each `msg` written to this connection counts as one delivery (Metrics.recordDelivery). */
function countDeliveries(ctx: AppContext, socket: ChatSocket): void {
  socket.onAnyOutgoing((event: string, payload: unknown) => {
    if (event !== 'msg') return;
    const m = payload as MessagePayload;
    ctx.metrics.recordDelivery(m.gid === undefined ? 'dm' : 'group', m, m.ts, ctx.clock);
  });
}
