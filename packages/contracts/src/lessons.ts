import { z } from 'zod';
import { bigId } from './primitives.ts';

/**
 * Forex and crypto education (spec part 2: "Forex and Crypto education", section 3 "Lesson"): a fixed list of lessons
 * per course (9 forex, parts 1-3 and 5-10; 13 crypto), an Enroll button, and progress marks for an enrolled member.
 */
export const LESSON_KINDS = ['forex', 'crypto'] as const;
export const LessonKindSchema = z.enum(LESSON_KINDS, { error: 'kind must be forex or crypto' });
export type LessonKind = z.infer<typeof LessonKindSchema>;
export const LESSON_KIND_LABELS: Record<LessonKind, string> = { forex: 'Forex', crypto: 'Crypto' };

export const LESSON_MESSAGES = {
  enroll: 'Enroll',
  enrolled: 'Enrolled',
  notEnrolled: (kind: LessonKind) => `Enroll in the ${LESSON_KIND_LABELS[kind]} course first.`,
  lessonNotFound: 'Lesson not found',
  loadFailed: 'Failed to load lessons',
} as const;

export const LessonSchema = z.object({
  id: z.string(),
  part: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** A hosted video, or null: the written summary is then the lesson. */
  link: z.string().nullable(),
  done: z.boolean(),
});
export type Lesson = z.infer<typeof LessonSchema>;

/** `lessons` (GET) {kind}. */
export const LessonsPayloadSchema = z.object({ kind: LessonKindSchema });
export type LessonsPayload = z.infer<typeof LessonsPayloadSchema>;
export const LessonsDataSchema = z.object({
  kind: LessonKindSchema,
  enrolled: z.boolean(),
  lessons: z.array(LessonSchema),
});
export type LessonsData = z.infer<typeof LessonsDataSchema>;

/** `enroll` (POST) {kind}: enrolling twice is harmless. */
export const EnrollPayloadSchema = z.object({ kind: LessonKindSchema });
export type EnrollPayload = z.infer<typeof EnrollPayloadSchema>;
export const EnrollDataSchema = z.object({ kind: LessonKindSchema, enrolled: z.literal(true) });
export type EnrollData = z.infer<typeof EnrollDataSchema>;

/** `lessondone` (POST) {id, done?}: marks a lesson done (or, with done false, not done) for an enrolled member. */
export const LessonDonePayloadSchema = z.object({
  id: bigId('id must be a lesson id').transform(String),
  done: z.boolean().default(true),
});
export type LessonDonePayload = z.input<typeof LessonDonePayloadSchema>;
export const LessonDoneDataSchema = z.object({
  id: z.string(),
  kind: LessonKindSchema,
  done: z.boolean(),
  /** Lessons of the course done, and how many there are. */
  doneCount: z.number().int(),
  total: z.number().int(),
});
export type LessonDoneData = z.infer<typeof LessonDoneDataSchema>;
