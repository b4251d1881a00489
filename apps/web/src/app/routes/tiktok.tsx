import { useTiktokVideos, VideoTaskPage } from '@/features/videos';

/** TikTok (/tiktok): the notice with the days, then today's videos on show. */
export default function TiktokRoute() {
  const query = useTiktokVideos();
  return <VideoTaskPage task="tiktok" title="TikTok" list={query.data} isLoading={query.isLoading} />;
}
