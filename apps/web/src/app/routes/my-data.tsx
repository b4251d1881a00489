import { MyDataPage } from '@/features/my-data';

/** /my-data: download my data, statements, corrections, closing the account (decision 040). */
export default function MyDataRoute() {
  return <MyDataPage />;
}
