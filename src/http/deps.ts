import type { AppContext } from '../context.ts';
import type { Services } from '../services.ts';
import type { Authenticators } from './authenticate.ts';

/** What a module's route builder receives: the context, the services and the access middleware. */
export interface RouteDeps extends Authenticators {
  ctx: AppContext;
  services: Services;
}
