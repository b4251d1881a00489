import type { AdminUploadData } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { readAccessToken } from '@/lib/storage-keys';

/** POST /api/admin/upload with the image's bytes (PNG, JPEG or WebP, at most 512 KB); answers the image's /media/ URL. */
export async function uploadImage(file: File): Promise<AdminUploadData> {
  const token = readAccessToken();
  const response = await fetch('/api/admin/upload', {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: file,
  });
  const body = (await response.json().catch(() => ({}))) as {
    status?: number;
    code?: ApiError['code'];
    msg?: string;
    data?: AdminUploadData;
    resultcode?: boolean;
  };
  if (!response.ok || !body.resultcode || !body.data)
    throw new ApiError({
      status: body.status ?? response.status,
      code: body.code ?? 'INTERNAL',
      msg: body.msg ?? 'The upload failed',
    });
  return body.data;
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
