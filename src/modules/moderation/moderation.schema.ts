import { z } from 'zod';
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
