import { z } from 'zod';
import { component, millis, okWith } from '../../lib/contract.ts';
import { PENALTY_ACTIONS } from './penalties.policy.ts';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** POST /api/admin/penalties/add. */
export const addPenaltyBody = z.object({
  /** The user's name. */
  user: z.string('api.badRequest').trim().min(1).max(64),
  action: z.enum(PENALTY_ACTIONS, 'api.penalty.badAction'),
  /** Whole seconds; 0 or above 3650 days (however large) means permanent. */
  duration: z
    .number('api.penalty.badDuration')
    .min(0, 'api.penalty.badDuration')
    // Not .int(): it stops at 2^53, and any larger whole number is a valid "permanent".
    .refine(Number.isInteger, 'api.penalty.badDuration'),
  /** Shown to the user; at most 500 characters. */
  reason: z.string().max(500, 'api.tooLarge').default(''),
});
export type AddPenaltyBody = z.infer<typeof addPenaltyBody>;

export const idBody = z.object({ id: z.number().int().positive() });

/** GET /api/admin/penalties. */
export const penaltiesQuery = z.object({
  /** Only this user's penalties (by name). */
  user: z.string().trim().min(1).max(64).optional(),
  /** `true`: only those in force; `false`: only revoked or expired ones. */
  active: flag.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type PenaltiesQuery = z.infer<typeof penaltiesQuery>;

/** POST /api/appeal. */
export const appealBody = z.object({
  penaltyId: z.number().int().positive(),
  /** Why the penalty should be lifted: 1–1000 characters. */
  reason: z.string().trim().min(1, 'api.appeal.noReason').max(1000, 'api.tooLarge'),
});
export type AppealBody = z.infer<typeof appealBody>;

/** POST /api/admin/appeals/handle. */
export const handleAppealBody = z.object({
  id: z.number().int().positive(),
  /** true revokes the penalty. */
  approve: z.boolean(),
});

/** GET /api/admin/appeals. */
export const appealsQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AppealsQuery = z.infer<typeof appealsQuery>;

/** GET /api/admin/reports. */
export const reportsQuery = z.object({
  status: z.enum(['pending', 'dismissed', 'punished']).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ReportsQuery = z.infer<typeof reportsQuery>;

/** POST /api/admin/reports/punish: the penalty as in `penalties/add`, and the report it closes. */
export const punishReportBody = addPenaltyBody.extend({ id: z.number().int().positive() });
export type PunishReportBody = z.infer<typeof punishReportBody>;

const penaltyFields = {
  id: z.number().int(),
  user: z.string().describe("The punished user's current name"),
  action: z.enum(PENALTY_ACTIONS),
  duration: z.number().describe('Seconds as imposed; 0: permanent'),
  expires: millis.nullable().describe('When it ends; null: permanent'),
  reason: z.string(),
  actor: z.string().describe('Who imposed it (current name, or as recorded when the account is gone)'),
  created: millis,
  revoked: z.boolean(),
  active: z.boolean().describe('In force now'),
};

export const penaltySchema = component('Penalty', z.object(penaltyFields), 'A warning, mute, ban or ip ban (spec 2.13)');

/** What administrators see of a penalty: also the address an ip ban covers. */
export const adminPenaltySchema = component(
  'AdminPenalty',
  z.object({ ...penaltyFields, ip: z.string().nullable().describe('The address an ip ban covers; null for other actions') }),
  'A penalty as administrators see it',
);

export const appealSchema = component(
  'Appeal',
  z.object({
    id: z.number().int(),
    penaltyId: z.number().int(),
    user: z.string().describe("The appellant's current name"),
    action: z.enum(PENALTY_ACTIONS).describe('The penalty appealed against'),
    penaltyReason: z.string(),
    expires: millis.nullable().describe("The penalty's end; null: permanent"),
    reason: z.string().describe('Why it should be lifted'),
    status: z.enum(['pending', 'approved', 'rejected']),
    created: millis,
    handled: millis.nullable(),
    handler: z.string().describe('Who decided; empty while pending'),
  }),
  'An appeal against a penalty (spec 2.13)',
);

const reportedRoom = z.union([
  z.object({ type: z.literal('group'), gid: z.string(), name: z.string().describe("'' once the group is dissolved") }),
  z.object({ type: z.literal('direct'), users: z.tuple([z.string(), z.string()]).describe('The two participants') }),
]);

export const reportSchema = component(
  'Report',
  z.object({
    id: z.number().int(),
    type: z.enum(['message', 'user']),
    reporter: z.string(),
    ip: z.string().describe("The reporter's address as the server recorded it"),
    user: z.string().describe('The reported user (the author, for a message)'),
    room: reportedRoom.nullable().describe('Message reports: where the message is'),
    idx: z.number().int().nullable().describe('Message reports: the message'),
    reason: z.string(),
    snapshot: z.record(z.string(), z.unknown()).nullable().describe('Message reports: the message as it was when reported'),
    status: z.enum(['pending', 'dismissed', 'punished']),
    created: millis,
    handled: millis.nullable(),
    handler: z.string().describe('Who closed it; empty while pending'),
    penaltyId: z.number().int().nullable().describe('The penalty a punished report imposed'),
  }),
  'A report of a user or a message, as administrators see it (spec 4.8)',
);

export const adminPenaltiesAnswer = okWith({ penalties: z.array(adminPenaltySchema).describe('Newest first') });
export const penaltyAddedAnswer = okWith({ penalty: adminPenaltySchema });
export const myPenaltiesAnswer = okWith({ penalties: z.array(penaltySchema).describe('Newest first') });
export const appealAddedAnswer = okWith({ id: z.number().int().describe('The new appeal') });
export const appealsAnswer = okWith({ appeals: z.array(appealSchema) });
export const reportsAnswer = okWith({ reports: z.array(reportSchema).describe('Pending first, then newest first') });
export const reportPunishedAnswer = okWith({ penaltyId: z.number().int().describe('The penalty imposed') });
