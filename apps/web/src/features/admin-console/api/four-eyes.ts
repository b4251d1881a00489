import { useQuery } from '@tanstack/react-query';
import type { AdminFourEyesData } from '@tuzo/contracts';
import { callAction } from '@/lib/api-client';

/** GET adminfoureyes: how many operators can approve, and whether four-eyes can work (decision 044). */
export async function getFourEyes(): Promise<AdminFourEyesData> {
  const { data } = await callAction('adminfoureyes');
  return data;
}

/** Staff actions wait for two-factor enrolment (decision 015): not asked before it, so nothing is refused. */
export function useFourEyes(isEnabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'four-eyes'],
    queryFn: getFourEyes,
    staleTime: 60_000,
    retry: false,
    enabled: isEnabled,
  });
}
