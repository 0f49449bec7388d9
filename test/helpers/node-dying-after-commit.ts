/**
 * `npm start`, except that the process kills itself (SIGKILL: no shutdown, no publish) right
 * after committing a message whose content is CHAT_TEST_DIE_ON: the worst moment for delivery,
 * between the commit and the broadcast (test/integration/delivery.test.ts).
 */
import { messagingTestHooks } from '../../src/modules/messages/messages.service.ts';

const word = process.env.CHAT_TEST_DIE_ON;
messagingTestHooks.afterCommit = (stored) => {
  if (word && stored.some((m) => m.content === word)) process.kill(process.pid, 'SIGKILL');
};
await import('../../src/main.ts');
