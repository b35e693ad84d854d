import { Navigate, useParams, useSearchParams } from 'react-router';
import { CustomerAccountDetailView } from './CustomerAccountDetailView';
import { customerDetailCompany, customerDetailIds } from './customerDetailRoute';
import './customer-account-detail.css';

/** `customer-account/{ids}?id={company}` (spec 3 §2): one account, named by its number(s). */
export function CustomerAccountDetailPage() {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const ids = customerDetailIds(id);
  if (!ids) return <Navigate to="/404" replace />;
  const companyId = customerDetailCompany(searchParams.get('id'));
  // Another account is a fresh screen: tabs, period and selection start over.
  return <CustomerAccountDetailView key={`${ids}|${companyId ?? ''}`} ids={ids} companyId={companyId} />;
}
