import { runNode } from './run.ts';

/** `npm start`: one node running the roles of ROLES (api, realtime and worker by default). */
runNode().catch((err) => {
  console.error(err);
  process.exit(1);
});
