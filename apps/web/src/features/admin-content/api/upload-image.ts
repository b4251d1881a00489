import type { AdminUploadData } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { postFile } from './post-file';

/** POST /api/admin/upload with the image's bytes (PNG, JPEG or WebP, at most 512 KB); answers the image's /media/ URL. */
export async function uploadImage(file: File): Promise<AdminUploadData> {
  return (await postFile<AdminUploadData>('/api/admin/upload', 'application/octet-stream', file, 'The upload failed')).data;
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
