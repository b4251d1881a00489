import { LESSON_KIND_LABELS, type Lesson, type LessonKind } from '@tuzo/contracts';
import { BookOpen, CandlestickChart, GraduationCap } from 'lucide-react';
import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeading } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useTexts } from '@/i18n';
import { cn } from '@/lib/cn';
import { failureText, showErrorToast } from '@/lib/api-client';
import { useEnroll } from '../api/enroll';
import { useLessons } from '../api/get-lessons';
import { useMarkLessonDone } from '../api/mark-lesson-done';
import { lessonsTexts } from '../texts';
import { LessonItem } from './lesson-item';
import { MarketCharts } from './market-charts';

type View = 'lessons' | 'charts';

/**
 * Forex or crypto education (spec part 2, "Forex and Crypto education"): Enroll, a toggle between the lessons and
 * the live charts (crypto adds the screener), the lesson list with play/pause and done marks, and the progress.
 */
export function CoursePage({ kind }: { kind: LessonKind }) {
  const label = LESSON_KIND_LABELS[kind];
  const t = useTexts(lessonsTexts);
  const [view, setView] = useState<View>('lessons');
  const lessons = useLessons(kind);
  const enroll = useEnroll(kind);

  const isEnrolled = lessons.data?.enrolled === true;
  const list = lessons.data?.lessons ?? [];
  const doneCount = list.filter((lesson) => lesson.done).length;

  const onEnroll = () =>
    enroll.mutate(undefined, {
      onSuccess: (envelope) => void toast.success(envelope.msg),
      onError: (error) => {
        const text = failureText(error, { failed: t('enrolFailed') });
        if (text) showErrorToast(text);
      },
    });

  return (
    <Card className="mx-auto w-full max-w-3xl" data-testid={`course-${kind}`}>
      <CardHeading
        className="flex flex-col gap-3"
        icon={GraduationCap}
        title={t('title', { label })}
        description={kind === 'forex' ? t('descriptionForex') : t('descriptionCrypto')}
      >
        <div className="flex flex-wrap items-center gap-3">
          {isEnrolled ? (
            <p className="text-sm font-semibold text-green-800" data-testid="course-progress">
              {t('progress', { done: doneCount, total: list.length })}
            </p>
          ) : (
            <Button onClick={onEnroll} disabled={enroll.isPending || lessons.isPending} aria-busy={enroll.isPending}>
              {enroll.isPending ? t('enrolling') : t('enroll')}
            </Button>
          )}
          <ViewToggle view={view} onChange={setView} />
        </div>
      </CardHeading>
      <CardContent>
        {view === 'charts' ? (
          <MarketCharts kind={kind} />
        ) : lessons.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : lessons.isError ? (
          <p className="text-sm text-red-700" role="alert">
            {failureText(lessons.error, { failed: t('loadFailed') }) ?? t('loadFailed')}
          </p>
        ) : (
          <LessonList kind={kind} list={list} canMark={isEnrolled} />
        )}
      </CardContent>
    </Card>
  );
}

/** Lessons or live charts. */
function ViewToggle({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const t = useTexts(lessonsTexts);
  return (
    <div role="group" aria-label={t('view')} className="ml-auto inline-flex rounded-lg border border-slate-300 p-0.5">
      {(['lessons', 'charts'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          onClick={() => onChange(option)}
          className={cn(
            'flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold',
            view === option ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {option === 'lessons' ? (
            <BookOpen className="size-4" aria-hidden="true" />
          ) : (
            <CandlestickChart className="size-4" aria-hidden="true" />
          )}
          {option === 'lessons' ? t('lessons') : t('liveCharts')}
        </button>
      ))}
    </div>
  );
}

/** The course's lessons in order; one video plays at a time. */
function LessonList({ kind, list, canMark }: { kind: LessonKind; list: Lesson[]; canMark: boolean }) {
  const t = useTexts(lessonsTexts);
  const markDone = useMarkLessonDone(kind);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const onPlay = useCallback(
    (id: string, playing: boolean) => setPlayingId((current) => (playing ? id : current === id ? null : current)),
    [],
  );
  return (
    <ol className="flex flex-col gap-3" aria-label={t('lessonsOf', { label: LESSON_KIND_LABELS[kind] })}>
      {list.map((lesson) => (
        <LessonItem
          key={lesson.id}
          lesson={lesson}
          isPlaying={playingId === lesson.id}
          canMark={canMark}
          isMarking={markDone.isPending && markDone.variables?.id === lesson.id}
          onPlay={(playing) => onPlay(lesson.id, playing)}
          onToggleDone={() =>
            markDone.mutate(
              { id: lesson.id, done: !lesson.done },
              {
                onError: (error) => {
                  const text = failureText(error, { failed: t('updateFailed') });
                  if (text) showErrorToast(text);
                },
              },
            )
          }
        />
      ))}
    </ol>
  );
}
