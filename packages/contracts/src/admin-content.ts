import { z } from 'zod';
import { NoPayloadSchema, amountText, optionalField as optional, pagedAnswer, pagedPayload } from './common.ts';
import { BigIdSchema, IntIdSchema, isCalendarDate } from './primitives.ts';
import { LESSON_KINDS, LessonSchema } from './lessons.ts';

/** An ad's or a timetable row's name, as the operator types it. */
const NameSchema = z
  .string({ error: 'The name is required' })
  .trim()
  .min(1, 'The name is required')
  .max(200, 'The name is at most 200 characters');
const ActiveSchema = z.boolean({ error: 'active must be true or false' });

/**
 * The operator console's content screens (apps/web/src/features/admin-content): the trivia bank and notifications
 * to a member, a country or everyone. Reads are for support staff; every change is an operator's and is audited.
 */
const IdSchema = BigIdSchema;

export const TRIVIA_QUESTION_MAX = 500;
export const TRIVIA_OPTION_MAX = 200;
/** The CSV import's limits: the body (bytes) and the data rows. */
export const TRIVIA_IMPORT_MAX_BYTES = 1024 * 1024;
export const TRIVIA_IMPORT_MAX_ROWS = 2_000;
export const TRIVIA_IMPORT_HEADER = ['question', 'option_a', 'option_b', 'option_c', 'option_d', 'correct'] as const;

export const TriviaQuestionTextSchema = z
  .string({ error: 'The question is required' })
  .trim()
  .min(1, 'The question is required')
  .max(TRIVIA_QUESTION_MAX, `The question is at most ${TRIVIA_QUESTION_MAX} characters`);
export const TriviaOptionSchema = z
  .string({ error: 'Each option is required' })
  .trim()
  .min(1, 'Each option is required')
  .max(TRIVIA_OPTION_MAX, `An option is at most ${TRIVIA_OPTION_MAX} characters`);

/** Four options, no two the same (ignoring case and spaces around them). */
export const TriviaOptionsSchema = z
  .array(TriviaOptionSchema, { error: 'Four options are required' })
  .length(4, 'Exactly four options are required')
  .refine(
    (options) => new Set(options.map((option) => option.toLowerCase())).size === 4,
    'The four options must all be different',
  );

/** `admintrivia`: the bank, newest first; `q` searches the question text, `status` keeps active or retired ones. */
export const AdminTriviaPayloadSchema = z.object({
  q: optional(z.string().trim().max(100)),
  status: optional(z.enum(['active', 'retired'], { error: 'status must be active or retired' })),
  ...pagedPayload(),
});
export type AdminTriviaPayload = z.infer<typeof AdminTriviaPayloadSchema>;

export const AdminTriviaRowSchema = z.object({
  id: z.string(),
  question: z.string(),
  options: z.array(z.string()).length(4),
  /** The right option's position, 1 to 4 (A to D). */
  correct: z.number().int().min(1).max(4),
  active: z.boolean(),
  created_at: z.string(),
});
export type AdminTriviaRow = z.infer<typeof AdminTriviaRowSchema>;
export const AdminTriviaDataSchema = pagedAnswer(AdminTriviaRowSchema);
export type AdminTriviaData = z.infer<typeof AdminTriviaDataSchema>;

/** `admintriviasave`: add a question (no `id`) or edit one. */
export const AdminTriviaSavePayloadSchema = z.object({
  id: IdSchema.optional(),
  question: TriviaQuestionTextSchema,
  options: TriviaOptionsSchema,
  correct: z.coerce
    .number({ error: 'Pick the correct option' })
    .int()
    .min(1, 'Pick the correct option (A to D)')
    .max(4, 'Pick the correct option (A to D)'),
  active: ActiveSchema.default(true),
});
export type AdminTriviaSavePayload = z.infer<typeof AdminTriviaSavePayloadSchema>;
export type AdminTriviaSaveInput = z.input<typeof AdminTriviaSavePayloadSchema>;
export const AdminTriviaSaveDataSchema = AdminTriviaRowSchema;

/** `admintriviaretire`: retire a question (`active: false`, no longer served) or restore it. */
export const AdminTriviaRetirePayloadSchema = z.object({
  id: IdSchema,
  active: ActiveSchema,
});
export type AdminTriviaRetirePayload = z.infer<typeof AdminTriviaRetirePayloadSchema>;

/**
 * `POST /api/admin/trivia/import` (text/csv body, at most 1 MB and 2,000 rows): header
 * `question,option_a,option_b,option_c,option_d,correct`; `correct` is A-D, 1-4 or the right option's text. Valid
 * rows are inserted together; rejected rows are reported with their line number and reason.
 */
export const AdminTriviaImportDataSchema = z.object({
  inserted: z.number().int(),
  rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type AdminTriviaImportData = z.infer<typeof AdminTriviaImportDataSchema>;

/* Videos, ads, the timetable and lessons (operator content). */

const ActiveFilterPayloadSchema = z.object({
  status: optional(z.enum(['active', 'retired'], { error: 'status must be active or retired' })),
  ...pagedPayload(),
});
/** A file this app serves (`/media/…`, no `..`) or an https link; checked to exist on the server. */
const MediaUrlSchema = z
  .string({ error: 'The link is required' })
  .trim()
  .min(1, 'The link is required')
  .max(500, 'The link is at most 500 characters')
  .refine(
    (url) => /^https:\/\/[^\s]+$/.test(url) || (/^\/media\/[\w./-]+$/.test(url) && !url.includes('..')),
    'Use an https:// link or a file under /media/',
  );
const HttpsLinkSchema = z
  .string()
  .trim()
  .max(500, 'The link is at most 500 characters')
  .regex(/^https:\/\/[^\s]+$/, 'The link must start with https://');
export const RetirePayloadSchema = z.object({ id: IdSchema, active: ActiveSchema });
/** What the web sends to retire or restore a video or an ad (the id as its digits). */
export type RetireInput = z.input<typeof RetirePayloadSchema>;

export const VIDEO_TASKS = ['youtube', 'tiktok'] as const;
export const AdminVideosPayloadSchema = ActiveFilterPayloadSchema.extend({
  task: optional(z.enum(VIDEO_TASKS, { error: 'task must be youtube or tiktok' })),
});
export const AdminVideoRowSchema = z.object({
  id: z.string(),
  task: z.enum(VIDEO_TASKS),
  source: z.enum(['youtube', 'tiktok', 'file']),
  title: z.string(),
  url: z.string(),
  /** In the system currency. */
  price: z.string(),
  active: z.boolean(),
});
export type AdminVideoRow = z.infer<typeof AdminVideoRowSchema>;
export const AdminVideosDataSchema = pagedAnswer(AdminVideoRowSchema);
/** `adminvideosave`: a YouTube or TikTok https link (played in the official embed) or a file under /media/. */
export const AdminVideoSavePayloadSchema = z.object({
  id: IdSchema.optional(),
  task: z.enum(VIDEO_TASKS, { error: 'task must be youtube or tiktok' }),
  title: z
    .string({ error: 'The title is required' })
    .trim()
    .min(1, 'The title is required')
    .max(200, 'The title is at most 200 characters'),
  url: MediaUrlSchema,
  // Above zero when any digit is not 0 (the pattern has already admitted only digits and one point).
  price: amountText('The price is a decimal like 5 or 5.50', { required: 'The price is required' }).refine(
    (price) => /[1-9]/.test(price),
    'The price must be above zero',
  ),
  active: ActiveSchema.default(true),
});
export type AdminVideoSavePayload = z.infer<typeof AdminVideoSavePayloadSchema>;
export type AdminVideoSaveInput = z.input<typeof AdminVideoSavePayloadSchema>;

export const AdminAdsPayloadSchema = ActiveFilterPayloadSchema;
export const AdminAdRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.string(),
  link: z.string().nullable(),
  active: z.boolean(),
});
export type AdminAdRow = z.infer<typeof AdminAdRowSchema>;
export const AdminAdsDataSchema = pagedAnswer(AdminAdRowSchema);
/** `adminadsave`: the image is an uploaded file (`POST /api/admin/upload`) or an https link. */
export const AdminAdSavePayloadSchema = z.object({
  id: IdSchema.optional(),
  name: NameSchema,
  image_url: MediaUrlSchema,
  link: optional(HttpsLinkSchema),
  active: ActiveSchema.default(true),
});
export type AdminAdSavePayload = z.infer<typeof AdminAdSavePayloadSchema>;
export type AdminAdSaveInput = z.input<typeof AdminAdSavePayloadSchema>;

/** `POST /api/admin/upload`: a PNG, JPEG or WebP image (checked by its first bytes; SVG refused), at most 512 KB. */
export const UPLOAD_MAX_BYTES = 512 * 1024;
export const AdminUploadDataSchema = z.object({
  url: z.string(),
  bytes: z.number().int(),
  type: z.enum(['image/png', 'image/jpeg', 'image/webp']),
});
export type AdminUploadData = z.infer<typeof AdminUploadDataSchema>;

const TimetableDateSchema = z
  .string()
  .trim()
  .regex(
    /^(\d{4}-\d{2}-\d{2}|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/,
    'Each day is a date like 2026-01-31 or a weekday name like Monday',
  )
  .refine(
    (value) => !/^\d/.test(value) || isCalendarDate(value),
    'Each day is a real date like 2026-01-31 or a weekday name like Monday',
  );
export const AdminTimetablePayloadSchema = NoPayloadSchema;
export const AdminTimetableRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  dates: z.array(z.string()),
  sort_order: z.number().int(),
  active: z.boolean(),
});
export type AdminTimetableRow = z.infer<typeof AdminTimetableRowSchema>;
export const AdminTimetableDataSchema = z.object({ rows: z.array(AdminTimetableRowSchema) });
export const AdminTimetableSavePayloadSchema = z.object({
  id: IntIdSchema.optional(),
  name: NameSchema,
  dates: z.array(TimetableDateSchema, { error: 'dates is a list' }).min(1, 'At least one day').max(31, 'At most 31 days'),
  sort_order: z.coerce.number().int().min(0).max(10_000).default(0),
  active: ActiveSchema.default(true),
});
export type AdminTimetableSavePayload = z.infer<typeof AdminTimetableSavePayloadSchema>;
export type AdminTimetableSaveInput = z.input<typeof AdminTimetableSavePayloadSchema>;
export const AdminTimetableDeletePayloadSchema = z.object({ id: IntIdSchema });
export type AdminTimetableDeleteInput = z.input<typeof AdminTimetableDeletePayloadSchema>;

export const AdminLessonsPayloadSchema = z.object({
  kind: optional(z.enum(LESSON_KINDS, { error: 'kind must be forex or crypto' })),
});
/** A lesson as the member reads it, with its kind and whether it is shown instead of whether it is done. */
export const AdminLessonRowSchema = LessonSchema.omit({ done: true }).extend({
  kind: z.enum(LESSON_KINDS),
  active: z.boolean(),
});
export type AdminLessonRow = z.infer<typeof AdminLessonRowSchema>;
export const AdminLessonsDataSchema = z.object({ rows: z.array(AdminLessonRowSchema) });
/** `adminlessonsave`: add a lesson (a kind and part not taken) or edit one. */
export const AdminLessonSavePayloadSchema = z.object({
  id: IdSchema.optional(),
  kind: z.enum(LESSON_KINDS, { error: 'kind must be forex or crypto' }),
  part: z.coerce.number({ error: 'part must be a whole number' }).int().min(1, 'part is 1 to 99').max(99, 'part is 1 to 99'),
  title: z
    .string({ error: 'The title is required' })
    .trim()
    .min(1, 'The title is required')
    .max(200, 'The title is at most 200 characters'),
  summary: z
    .string({ error: 'The summary is required' })
    .trim()
    .min(1, 'The summary is required')
    .max(4000, 'The summary is at most 4000 characters'),
  link: optional(HttpsLinkSchema),
  active: ActiveSchema.default(true),
});
export type AdminLessonSavePayload = z.infer<typeof AdminLessonSavePayloadSchema>;
export type AdminLessonSaveInput = z.input<typeof AdminLessonSavePayloadSchema>;
