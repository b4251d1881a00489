import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/skeleton';
import { failureText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { formatAmount } from '@/lib/money';
import { useStaffRole } from '@/lib/staff-role';
import { useCluster } from '../api/clusters';
import { ClusterTables } from './cluster-tables';
import { CLUSTER_STATE_TONES, signalText } from './clusters-list';
import { DecisionForm } from './decision-form';

const UNDECIDED = new Set(['open', 'watch']);

/** /admin/clusters/:id: one cluster whole, and the operator's decision while it is undecided (decision 062). */
export function ClusterDetail() {
  const { id = '' } = useParams();
  const { isOperator } = useStaffRole();
  const { data, error } = useCluster(id);
  const back = (
    <Link to="/admin/clusters" className="inline-flex items-center gap-1 text-sm text-brand-700 underline underline-offset-2">
      <ArrowLeft className="size-4" aria-hidden="true" />
      All clusters
    </Link>
  );
  if (error) {
    return (
      <div className="flex flex-col gap-3">
        {back}
        <p role="alert" className="text-sm text-red-700">
          {failureText(error, { failed: 'Failed to load the cluster', thrown: 'Failed to load the cluster' })}
        </p>
      </div>
    );
  }
  if (!data) return <PageSpinner label="Loading the cluster" />;
  const { cluster } = data;
  return (
    <div className="flex flex-col gap-4" data-testid="cluster-detail" data-state={cluster.state}>
      {back}
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            Cluster #{cluster.id}
            <Badge tone={CLUSTER_STATE_TONES[cluster.state]}>{cluster.state}</Badge>
            {cluster.ring ? <Badge tone="danger">self-referral ring</Badge> : null}
          </CardTitle>
          <CardDescription>
            Opened {formatDateTime(cluster.opened_at)}; last activity {formatDateTime(cluster.updated_at)}.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-600">Members</dt>
              <dd className="font-semibold">{cluster.members}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Signals</dt>
              <dd className="font-semibold">{cluster.signals.map(signalText).join(', ') || '—'}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Held</dt>
              <dd className="font-semibold" data-testid="cluster-held-total">
                {formatAmount(cluster.held_total)} ({cluster.held_count})
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Review requests</dt>
              <dd className="font-semibold">{cluster.review_requests}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      {isOperator && UNDECIDED.has(cluster.state) ? <DecisionForm key={cluster.id} data={data} /> : null}
      <ClusterTables data={data} />
    </div>
  );
}
