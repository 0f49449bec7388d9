import { describe, expect, it } from 'vitest';
import { AdjustableClock } from '../../src/lib/clock.ts';
import { AckedChannel } from '../../src/state/acked-channel.ts';
import { MemoryState } from '../../src/state/memory.ts';

describe('AckedChannel', () => {
  it('send resolves only after every subscriber\'s handler has finished', async () => {
    const state = new MemoryState(new AdjustableClock());
    const done: string[] = [];
    const slow = new AckedChannel(state, 'c', async (body) => {
      await new Promise((r) => setTimeout(r, 30));
      done.push(`slow ${body}`);
    });
    const fast = new AckedChannel(state, 'c', (body) => {
      done.push(`fast ${body}`);
    });
    await slow.start();
    await fast.start();
    await fast.send('x');
    // Both subscriptions (two "nodes") handled it, the slow one included.
    expect(done.sort()).toEqual(['fast x', 'slow x']);
    await state.close();
  });

  it('a failing handler still acknowledges (the sender is not held up)', async () => {
    const state = new MemoryState(new AdjustableClock());
    const errors: unknown[] = [];
    const channel = new AckedChannel(
      state,
      'd',
      () => {
        throw new Error('boom');
      },
      (err) => errors.push(err),
    );
    await channel.start();
    await channel.send('y');
    expect(errors).toHaveLength(1);
    await state.close();
  });
});
