import { apiCall, type ApiEnvelope } from '@/lib/api-client';

export interface RegisterRequest {
  username: string;
  email: string;
  /** The dial code joined with the number: "+254712345678". */
  phone: string;
  password: string;
  repassword: string;
  /** The country id. */
  country: string;
  upline?: string;
}

export function register(payload: RegisterRequest): Promise<ApiEnvelope<unknown>> {
  return apiCall('register', { method: 'POST', payload });
}
