import type { ReactNode } from 'react';
import { Navigate, useParams, type RouteObject } from 'react-router';
import { CheckNewEmailPage } from '../features/account-migration/CheckNewEmailPage';
import { MigrationForm } from '../features/account-migration/MigrationForm';
import { MigrationPasswordStep } from '../features/account-migration/MigrationPasswordStep';
import { WareAnalysisPage } from '../features/bardistrib/WareAnalysisPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { HomePage } from '../features/dashboard/HomePage';
import { FeedPage } from '../features/feed/FeedPage';
import { FiscalAccessRequestsPage } from '../features/fiscal-access/FiscalAccessRequestsPage';
import { FiscConnectAsPage } from '../features/fiscal-access/FiscConnectAsPage';
import { FiscalErrorDetailPage } from '../features/fiscal-errors/FiscalErrorDetailPage';
import { FiscalErrorsPage } from '../features/fiscal-errors/FiscalErrorsPage';
import { TechnicalInterventionsPage } from '../features/fiscal-technical/TechnicalInterventionsPage';
import { FiscalDetailPage } from '../features/fiscal/FiscalDetailPage';
import { FiscalHomePage } from '../features/fiscal/FiscalHomePage';
import { MailboxPage } from '../features/mailbox/MailboxPage';
import { ReportPage, V2ReportPage } from '../features/reports/ReportPage';
import { SupportPage } from '../features/support/SupportPage';
import type { MessageKey } from '../i18n/i18n';
import type { RouteAccess } from './access';
import { AppLayout } from './AppLayout';
import { AreaPlaceholderPage } from './AreaPlaceholderPage';
import { CatchAllPage } from './CatchAllPage';
import { ConnectAsPage } from './ConnectAsPage';
import { Page404 } from './Page404';
import { RouteGuard } from './RouteGuard';
import { UnauthorizedPage } from './UnauthorizedPage';

/** Embedded reporting pages (spec §2.1), also reachable under the old `reporting-v2/` prefix. */
export const V2_REPORTS: Record<string, MessageKey> = {
  'control-strip': 'area.controlStrip',
  'shift-details': 'area.shiftDetails',
  settings: 'area.reportSettings',
  'weekdays-details': 'area.weekdaysDetails',
  'sales-analysis': 'area.salesAnalysis',
};

const FISCAL: RouteAccess = { isFiscal: true, service: 'fiscal_administration' };
/** Detail screens of issue 5; `errors/details/:id` comes with the errors page (issue 6). */
const FISCAL_DETAIL_KINDS = [
  'clotures',
  'services',
  'commandes',
  'mvtcaisse',
  'orderlines',
  'receipt',
  'paymentlines',
  'credit',
];

function guarded(path: string, access: RouteAccess, element: ReactNode): RouteObject {
  return { path, element: <RouteGuard access={access}>{element}</RouteGuard> };
}

function area(path: string, access: RouteAccess, titleKey: MessageKey): RouteObject {
  return guarded(path, access, <AreaPlaceholderPage titleKey={titleKey} />);
}

function ReportingV2Redirect() {
  const { reportName = '' } = useParams();
  return reportName in V2_REPORTS ? <Navigate to={`/v2/${reportName}`} replace /> : <CatchAllPage />;
}

/** Spec §2.1, the whole route table; every page goes through the access check. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        path: '/',
        element: (
          <RouteGuard access={{}}>
            <HomePage />
          </RouteGuard>
        ),
        children: [{ index: true, element: <DashboardPage /> }],
      },
      guarded('reporting/:reportName', { service: 'sales_reporting' }, <ReportPage />),
      guarded('reporting-sales/:reportName', { service: 'sales_reporting' }, <ReportPage />),
      ...Object.keys(V2_REPORTS).map((name) =>
        guarded(`v2/${name}`, { service: 'sales_reporting' }, <V2ReportPage name={name} />),
      ),
      { path: 'reporting-v2/:reportName', element: <ReportingV2Redirect /> },
      area('videos', { service: 'help' }, 'area.videos'),
      area('videos-suite', { service: 'help' }, 'area.videos'),
      { path: 'connect-as/:viewAsCustomerToken', element: <ConnectAsPage /> },
      area('FAQ', { service: 'help' }, 'area.faq'),
      area('documentation', { service: 'help' }, 'area.documentation'),
      area('ouilink', { service: 'partners' }, 'area.ouilink'),
      area('partenaires', { service: 'partners' }, 'area.partners'),
      area('partnership', { service: 'partners' }, 'area.partnership'),
      area('doc', { service: 'partners' }, 'area.doc'),
      area('generate-connexion-token', { service: 'partners' }, 'area.generateToken'),
      { path: 'fisc-connect-as', element: <FiscConnectAsPage /> },
      guarded('administration-fiscale', FISCAL, <FiscalHomePage />),
      guarded('administration-fiscale/errors', FISCAL, <FiscalErrorsPage />),
      guarded('administration-fiscale/technical-intervention', FISCAL, <TechnicalInterventionsPage />),
      ...FISCAL_DETAIL_KINDS.map((kind) =>
        guarded(`administration-fiscale/${kind}/details/:id`, FISCAL, <FiscalDetailPage kind={kind} />),
      ),
      guarded('administration-fiscale/errors/details/:id', FISCAL, <FiscalErrorDetailPage />),
      guarded('account/migration/step-1', { isHolderOnly: true }, <MigrationPasswordStep />),
      guarded('account/migration', { isHolderOnly: true }, <MigrationForm />),
      { path: 'check-new-email', element: <CheckNewEmailPage /> },
      guarded('feed/:name', { service: 'news' }, <FeedPage />),
      area('customer-account', { service: 'customer_account' }, 'area.customerAccounts'),
      area('customer-account/:id', { service: 'customer_account' }, 'area.customerAccount'),
      guarded('warelist', { service: 'sales_reporting' }, <WareAnalysisPage />),
      area('export-data', { service: 'accounting_export' }, 'area.exportData'),
      area('export-vat', { service: 'accounting_export' }, 'area.exportVat'),
      { path: 'unauthorized', element: <UnauthorizedPage reason="noAccess" /> },
      { path: '404', element: <Page404 /> },
      guarded('support', { isStaffOnly: true }, <SupportPage />),
      guarded('support/fiscal-access', { isStaffOnly: true }, <FiscalAccessRequestsPage />),
      guarded('dev/mailbox', { isStaffOnly: true }, <MailboxPage />),
      { path: '*', element: <CatchAllPage /> },
    ],
  },
];
