import { defineAction } from '../../http/action.ts';

/** `ping`: a public liveness check through the action endpoint (used by tests and the bench). */
export const systemActions = [
  defineAction('ping', {
    handler: async ({ deps }) => ({ msg: 'pong', data: { time: deps.clock.now().toISOString() } }),
  }),
];
