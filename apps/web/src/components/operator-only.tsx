import type { ReactNode } from 'react';
import { useStaffRole } from '@/lib/staff-role';

/** Shows its children to operators only; support staff see `fallback` (nothing by default). */
export function OperatorOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useStaffRole().isOperator ? children : fallback;
}
