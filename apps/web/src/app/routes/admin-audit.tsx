import { AuditPage } from '@/features/admin-audit';

/** The audit log (/admin/audit), operators only (the server checks every call). */
export default function AdminAuditRoute() {
  return <AuditPage />;
}
