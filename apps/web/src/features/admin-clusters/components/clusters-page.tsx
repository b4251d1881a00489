import { Route, Routes } from 'react-router';
import { ClusterDetail } from './cluster-detail';
import { ClustersList } from './clusters-list';

/** /admin/clusters/*: the list, and one cluster at /admin/clusters/:id (issue 27, decisions 061 and 062). */
export function ClustersPage() {
  return (
    <Routes>
      <Route index element={<ClustersList />} />
      <Route path=":id" element={<ClusterDetail />} />
    </Routes>
  );
}
