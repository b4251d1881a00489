import { tiktokVideoId, youtubeVideoId, VIDEO_PAY_AFTER_SECONDS, type VideoItem } from '@tuzo/contracts';
import { Play } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTexts } from '@/i18n';
import { videosTexts } from '../texts';

interface VideoPlayerProps {
  video: VideoItem;
  isActive: boolean;
  portrait: boolean;
  /** Playback started (the page records it with the server once and makes this the only playing video). */
  onStart: () => void;
  /** Playback reached 5 seconds. */
  onWatched: () => void;
}

/**
 * A hosted file plays in a <video>; a YouTube or TikTok link in the official embed, loaded only when the member
 * presses play (no third-party frame before that). The page keeps one video active: others pause or unload.
 */
export function VideoPlayer({ video, isActive, portrait, onStart, onWatched }: VideoPlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const t = useTexts(videosTexts);
  useEffect(() => {
    if (!isActive) ref.current?.pause();
  }, [isActive]);
  // An embed reports no playback time to us (its script is not allowed by the CSP): 5 s after it loads counts.
  useEffect(() => {
    if (!isActive || video.v_source === 'file') return;
    const timer = window.setTimeout(onWatched, VIDEO_PAY_AFTER_SECONDS * 1000 + 500);
    return () => window.clearTimeout(timer);
  }, [isActive, video.v_source, onWatched]);

  const aspect = portrait ? 'aspect-[9/16] max-h-[28rem]' : 'aspect-video';
  if (video.v_source === 'file') {
    return (
      <video
        ref={ref}
        src={video.v_url}
        controls
        playsInline
        preload="metadata"
        aria-label={video.v_title}
        className={`w-full rounded-lg bg-black ${aspect}`}
        onPlay={onStart}
        onTimeUpdate={(event) => {
          if (event.currentTarget.currentTime >= VIDEO_PAY_AFTER_SECONDS) onWatched();
        }}
      />
    );
  }
  const embed = embedUrl(video);
  if (!isActive || !embed) {
    return (
      <button
        type="button"
        onClick={onStart}
        disabled={!embed}
        aria-label={t('play', { title: video.v_title })}
        className={`flex w-full items-center justify-center rounded-lg bg-slate-900 text-white ${aspect}`}
      >
        <Play className="size-10" />
      </button>
    );
  }
  return (
    <iframe
      src={embed}
      title={video.v_title}
      className={`w-full rounded-lg ${aspect}`}
      allow="autoplay; encrypted-media; picture-in-picture"
      allowFullScreen
    />
  );
}

function embedUrl(video: VideoItem): string | null {
  if (video.v_source === 'youtube') {
    const id = youtubeVideoId(video.v_url);
    return id ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1` : null;
  }
  const id = tiktokVideoId(video.v_url);
  return id ? `https://www.tiktok.com/embed/v2/${id}` : null;
}
