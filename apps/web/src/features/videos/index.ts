export { useTiktokVideos } from './api/get-tiktok-videos';
export { useYoutubeVideos } from './api/get-youtube-videos';
export { VideoTaskPage } from './components/video-task-page';
