import { VIDEO_PAY_AFTER_SECONDS, type VideoItem } from '@tuzo/contracts';
import { CheckCircle2 } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTexts } from '@/i18n';
import { useWeekdayName } from '@/lib/weekdays.texts';
import type { VideoListResult } from '../api/get-youtube-videos';
import { usePayVideo, type VideoTask } from '../api/pay-video';
import { startVideo } from '../api/start-video';
import { videosTexts } from '../texts';
import { VideoPlayer } from './video-player';

/** Videos whose payment already fired in this session: once per video per session (spec section 4). */
const firedThisSession = new Set<string>();
/**
 * The member's one running video (YouTube or TikTok) and when the server recorded its start (the answer's arrival, so
 * never earlier than the server's own record). The server keeps one running watch per member: starting another video
 * ends this one's timer, so it is forgotten here too and sent again when the member returns to it.
 */
const running: { vid: string | null; startedAt: number | null } = { vid: null, startedAt: null };

interface VideoTaskPageProps {
  task: VideoTask;
  title: string;
  list: VideoListResult | undefined;
  isLoading: boolean;
}

/** The notice with the days, "View Available Videos" when items were loaded, then the grid; one video plays at a time. */
export function VideoTaskPage({ task, title, list, isLoading }: VideoTaskPageProps) {
  const [isListOpen, setListOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [paidNow, setPaidNow] = useState<Set<string>>(new Set());
  const pay = usePayVideo(task);
  const videos = list?.videos ?? [];

  const onStart = useCallback((vid: string) => {
    setActiveId(vid);
    if (running.vid === vid) return;
    running.vid = vid;
    running.startedAt = null;
    startVideo(vid).then(
      () => {
        if (running.vid === vid) running.startedAt = Date.now();
      },
      (error: unknown) => console.warn('Video start was not recorded', error),
    );
  }, []);
  const inFlight = useRef(new Set<string>());
  const onWatched = useCallback(
    (video: VideoItem) => {
      const started = running.vid === video.v_id ? running.startedAt : null;
      if (video.v_status || firedThisSession.has(video.v_id) || inFlight.current.has(video.v_id)) return;
      if (started === null || Date.now() - started < VIDEO_PAY_AFTER_SECONDS * 1000) return;
      firedThisSession.add(video.v_id);
      inFlight.current.add(video.v_id);
      pay.mutate(video.v_id, { onSuccess: () => setPaidNow((prev) => new Set(prev).add(video.v_id)) });
    },
    [pay],
  );

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <VideoNotice
        task={task}
        title={title}
        list={list}
        isLoading={isLoading}
        canOpen={videos.length > 0 && !isListOpen}
        onOpen={() => setListOpen(true)}
      />
      {isListOpen ? (
        <div className={task === 'tiktok' ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4' : 'grid gap-4 sm:grid-cols-2'}>
          {videos.map((video) => (
            <VideoCard
              key={video.v_id}
              video={video}
              currency={list?.currency}
              portrait={task === 'tiktok'}
              isPaid={video.v_status || paidNow.has(video.v_id)}
              isActive={activeId === video.v_id}
              onStart={onStart}
              onWatched={onWatched}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The notice: which days the videos are out, how long to watch; "View Available Videos" once there are some. */
function VideoNotice({
  task,
  title,
  list,
  isLoading,
  canOpen,
  onOpen,
}: Omit<VideoTaskPageProps, 'list'> & { list: VideoListResult | undefined; canOpen: boolean; onOpen: () => void }) {
  const t = useTexts(videosTexts);
  const weekday = useWeekdayName();
  const days = list?.dates.length ? list.dates : task === 'youtube' ? ['Wednesday', 'Sunday'] : ['Sunday', 'Monday'];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          {t('available', {
            days: days.map(weekday).join(` ${t('and')} `),
            seconds: VIDEO_PAY_AFTER_SECONDS,
            title,
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {list?.msg && (list.videos ?? []).length === 0 ? <p className="text-sm text-slate-600">{list.msg}</p> : null}
        {isLoading ? <p className="text-sm text-slate-500">{t('loading')}</p> : null}
        {canOpen ? (
          <Button className="self-start" onClick={onOpen}>
            {t('view')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** One video: its player, title, price and whether it was paid. */
function VideoCard(props: {
  video: VideoItem;
  currency: string | undefined;
  portrait: boolean;
  isPaid: boolean;
  isActive: boolean;
  onStart: (vid: string) => void;
  onWatched: (video: VideoItem) => void;
}) {
  const { video, isPaid } = props;
  const t = useTexts(videosTexts);
  return (
    <Card data-testid={`video-${video.No}`}>
      <CardContent className="flex flex-col gap-2 pt-4">
        <VideoPlayer
          video={video}
          portrait={props.portrait}
          isActive={props.isActive}
          onStart={() => props.onStart(video.v_id)}
          onWatched={() => props.onWatched({ ...video, v_status: isPaid })}
        />
        <div className="flex items-center justify-between gap-2 text-sm">
          <span className="font-medium">{video.v_title}</span>
          <span className="font-semibold text-brand-700">
            {props.currency} {video.v_price}
          </span>
        </div>
        {isPaid ? (
          <span className="inline-flex items-center gap-1 text-sm font-semibold text-green-700">
            <CheckCircle2 className="size-4" /> {t('paid')}
          </span>
        ) : (
          <span className="text-sm text-slate-500">{t('notPaid')}</span>
        )}
      </CardContent>
    </Card>
  );
}
