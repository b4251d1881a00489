import type { Lesson } from '@tuzo/contracts';
import { CheckCircle2, Circle, Pause, Play } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useTexts } from '@/i18n';
import { cn } from '@/lib/cn';
import { lessonsTexts } from '../texts';

interface LessonItemProps {
  lesson: Lesson;
  isPlaying: boolean;
  canMark: boolean;
  isMarking: boolean;
  onPlay: (playing: boolean) => void;
  onToggleDone: () => void;
}

/**
 * One lesson: its part and title, the written summary, play/pause for a lesson with a hosted video (one plays at a
 * time), and the done mark (for an enrolled member).
 */
export function LessonItem({ lesson, isPlaying, canMark, isMarking, onPlay, onToggleDone }: LessonItemProps) {
  const video = useRef<HTMLVideoElement>(null);
  const t = useTexts(lessonsTexts);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (isPlaying) void element.play().catch(() => onPlay(false));
    else element.pause();
  }, [isPlaying, onPlay]);

  return (
    <li
      className={cn('rounded-lg border p-4', lesson.done ? 'border-green-300 bg-green-50/50' : 'border-slate-200')}
      data-testid="lesson"
      data-done={lesson.done}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{t('part', { part: lesson.part })}</p>
          <h3 className="font-semibold text-slate-900">{lesson.title}</h3>
        </div>
        <LessonButtons
          lesson={lesson}
          isPlaying={isPlaying}
          canMark={canMark}
          isMarking={isMarking}
          onPlay={onPlay}
          onToggleDone={onToggleDone}
        />
      </div>
      {lesson.link ? (
        <video
          ref={video}
          src={lesson.link}
          controls={isPlaying}
          preload="none"
          className={cn('mt-3 w-full rounded-lg', !isPlaying && 'hidden')}
          onEnded={() => onPlay(false)}
        />
      ) : null}
      <p className="mt-2 text-sm leading-relaxed text-slate-700">{lesson.summary}</p>
    </li>
  );
}

/** Play/pause (a lesson with a hosted video) and the done mark (only an enrolled member can set it). */
function LessonButtons({ lesson, isPlaying, canMark, isMarking, onPlay, onToggleDone }: LessonItemProps) {
  const t = useTexts(lessonsTexts);
  return (
    <div className="flex gap-2">
      {lesson.link ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPlay(!isPlaying)}
          aria-label={t(isPlaying ? 'pausePart' : 'playPart', { part: lesson.part })}
        >
          {isPlaying ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {isPlaying ? t('pause') : t('play')}
        </Button>
      ) : null}
      <Button
        variant={lesson.done ? 'secondary' : 'outline'}
        size="sm"
        onClick={onToggleDone}
        disabled={!canMark || isMarking}
        aria-pressed={lesson.done}
        title={canMark ? undefined : t('enrollToTrack')}
      >
        {lesson.done ? <CheckCircle2 aria-hidden="true" /> : <Circle aria-hidden="true" />}
        {lesson.done ? t('done') : t('markDone')}
      </Button>
    </div>
  );
}
