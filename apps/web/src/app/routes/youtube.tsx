import { useYoutubeVideos, VideoTaskPage } from '@/features/videos';

/** YouTube (/youtube): the notice with the days, then today's videos on show. */
export default function YoutubeRoute() {
  const query = useYoutubeVideos();
  return <VideoTaskPage task="youtube" title="YouTube" list={query.data} isLoading={query.isLoading} />;
}
