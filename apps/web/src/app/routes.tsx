import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useParams, type RouteObject } from 'react-router';
import type { MessageKey } from './app.i18n';
import { useI18n } from './app.i18n';
import { LoadingState } from '../ui/LoadingState';
import type { RouteAccess } from './access';
import { AppLayout } from './AppLayout';
import { AreaPlaceholderPage } from './AreaPlaceholderPage';
import { CatchAllPage } from './CatchAllPage';
import { ConnectAsPage } from './ConnectAsPage';
import { FISCAL_DETAIL_ROUTE } from '../features/fiscal/fiscalNavigation';
import { Page404 } from './Page404';
import { RouteGuard } from './RouteGuard';
import { UnauthorizedPage } from './UnauthorizedPage';

/** React.lazy takes a default export; the pages have named ones. */
function page<Component>(component: Component): { default: Component } {
  return { default: component };
}

// Each feature page is its own script, fetched when its route is first shown.
const CheckNewEmailPage = lazy(() =>
  import('../features/account-migration/CheckNewEmailPage').then((module) => page(module.CheckNewEmailPage)),
);
const MigrationForm = lazy(() =>
  import('../features/account-migration/MigrationForm').then((module) => page(module.MigrationForm)),
);
const MigrationPasswordStep = lazy(() =>
  import('../features/account-migration/MigrationPasswordStep').then((module) =>
    page(module.MigrationPasswordStep),
  ),
);
const WareAnalysisPage = lazy(() =>
  import('../features/bardistrib/WareAnalysisPage').then((module) => page(module.WareAnalysisPage)),
);
const CustomerAccountsPage = lazy(() =>
  import('../features/customer-accounts/CustomerAccountsPage').then((module) =>
    page(module.CustomerAccountsPage),
  ),
);
const CustomerAccountDetailPage = lazy(() =>
  import('../features/customer-accounts/CustomerAccountDetailPage').then((module) =>
    page(module.CustomerAccountDetailPage),
  ),
);
const SalesLinesExportPage = lazy(() =>
  import('../features/data-export/SalesLinesExportPage').then((module) => page(module.SalesLinesExportPage)),
);
const AccountingExportPage = lazy(() =>
  import('../features/accounting-export/AccountingExportPage').then((module) =>
    page(module.AccountingExportPage),
  ),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/DashboardPage').then((module) => page(module.DashboardPage)),
);
const HomePage = lazy(() => import('../features/dashboard/HomePage').then((module) => page(module.HomePage)));
const FeedPage = lazy(() => import('../features/feed/FeedPage').then((module) => page(module.FeedPage)));
const FiscalAccessRequestsPage = lazy(() =>
  import('../features/fiscal-access/FiscalAccessRequestsPage').then((module) =>
    page(module.FiscalAccessRequestsPage),
  ),
);
const FiscConnectAsPage = lazy(() =>
  import('../features/fiscal-access/FiscConnectAsPage').then((module) => page(module.FiscConnectAsPage)),
);
const FiscalErrorDetailPage = lazy(() =>
  import('../features/fiscal-errors/FiscalErrorDetailPage').then((module) =>
    page(module.FiscalErrorDetailPage),
  ),
);
const FiscalErrorsPage = lazy(() =>
  import('../features/fiscal-errors/FiscalErrorsPage').then((module) => page(module.FiscalErrorsPage)),
);
const TechnicalInterventionsPage = lazy(() =>
  import('../features/jet/TechnicalInterventionsPage').then((module) =>
    page(module.TechnicalInterventionsPage),
  ),
);
const FiscalDetailPage = lazy(() =>
  import('../features/fiscal/FiscalDetailPage').then((module) => page(module.FiscalDetailPage)),
);
const FiscalHomePage = lazy(() => import('./FiscalHomePage').then((module) => page(module.FiscalHomePage)));
const MailboxPage = lazy(() =>
  import('../features/mailbox/MailboxPage').then((module) => page(module.MailboxPage)),
);
const SupportPage = lazy(() =>
  import('../features/support/SupportPage').then((module) => page(module.SupportPage)),
);
const SupportMailOutboxPage = lazy(() =>
  import('../features/support/SupportMailOutboxPage').then((module) => page(module.SupportMailOutboxPage)),
);
const ReportPage = lazy(() =>
  import('../features/reports/ReportPage').then((module) => page(module.ReportPage)),
);
const V2ReportPage = lazy(() =>
  import('../features/reports/ReportPage').then((module) => page(module.V2ReportPage)),
);

const PartnersPage = lazy(() =>
  import('../features/partners/PartnersPage').then((module) => page(module.PartnersPage)),
);
const PartnershipPage = lazy(() =>
  import('../features/partners/PartnershipPage').then((module) => page(module.PartnershipPage)),
);
const GenerateConnexionTokenPage = lazy(() =>
  import('../features/partners/GenerateConnexionTokenPage').then((module) =>
    page(module.GenerateConnexionTokenPage),
  ),
);
const OuilinkPage = lazy(() =>
  import('../features/ouilink/OuilinkPage').then((module) => page(module.OuilinkPage)),
);
const PartnerDocPage = lazy(() =>
  import('../features/ouilink/PartnerDocPage').then((module) => page(module.PartnerDocPage)),
);
const DocumentationPage = lazy(() =>
  import('../features/documentation/DocumentationPage').then((module) => page(module.DocumentationPage)),
);
const VideosPage = lazy(() =>
  import('../features/videos/VideosPage').then((module) => page(module.VideosPage)),
);
const FaqPage = lazy(() => import('../features/faq/FaqPage').then((module) => page(module.FaqPage)));
const NotificationPublishingPage = lazy(() =>
  import('../features/notification-publishing/NotificationPublishingPage').then((module) =>
    page(module.NotificationPublishingPage),
  ),
);
const SponsorshipPage = lazy(() =>
  import('../features/sponsorship/SponsorshipPage').then((module) => page(module.SponsorshipPage)),
);

/** Embedded reporting pages (spec §2.1), also reachable under the old `reporting-v2/` prefix. */
export const V2_REPORTS: Record<string, MessageKey> = {
  'control-strip': 'area.controlStrip',
  'shift-details': 'area.shiftDetails',
  settings: 'area.reportSettings',
  'weekdays-details': 'area.weekdaysDetails',
  'sales-analysis': 'area.salesAnalysis',
};

const FISCAL: RouteAccess = { isFiscal: true, service: 'fiscal_administration' };

function PageLoading() {
  const { t } = useI18n();
  return <LoadingState label={t('common.loading')} />;
}

/** The loading state stands in for a page while its script arrives. */
function loading(element: ReactNode): ReactNode {
  return <Suspense fallback={<PageLoading />}>{element}</Suspense>;
}

function guarded(path: string, access: RouteAccess, element: ReactNode): RouteObject {
  return { path, element: <RouteGuard access={access}>{loading(element)}</RouteGuard> };
}

function placeholderTitled(title: string): ReactNode {
  return <AreaPlaceholderPage title={title} />;
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
        element: <RouteGuard access={{}}>{loading(<HomePage />)}</RouteGuard>,
        children: [{ index: true, element: loading(<DashboardPage />) }],
      },
      guarded(
        'reporting/:reportName',
        { service: 'sales_reporting' },
        <ReportPage renderPlaceholder={placeholderTitled} />,
      ),
      guarded(
        'reporting-sales/:reportName',
        { service: 'sales_reporting' },
        <ReportPage renderPlaceholder={placeholderTitled} />,
      ),
      ...Object.keys(V2_REPORTS).map((name) =>
        guarded(`v2/${name}`, { service: 'sales_reporting' }, <V2ReportPage name={name} />),
      ),
      { path: 'reporting-v2/:reportName', element: <ReportingV2Redirect /> },
      guarded('videos', { service: 'help' }, <VideosPage />),
      guarded('videos-suite', { service: 'help' }, <VideosPage isSuitePage />),
      { path: 'connect-as/:viewAsCustomerToken', element: <ConnectAsPage /> },
      guarded('FAQ', { service: 'help' }, <FaqPage />),
      guarded('documentation', { service: 'help' }, <DocumentationPage />),
      guarded('ouilink', { service: 'partners' }, <OuilinkPage />),
      guarded('partenaires', { service: 'partners' }, <PartnersPage />),
      guarded('partnership', { service: 'partners' }, <PartnershipPage />),
      guarded('doc', { service: 'partners' }, <PartnerDocPage />),
      guarded('generate-connexion-token', { service: 'partners' }, <GenerateConnexionTokenPage />),
      guarded('parrainage', { isHolderOnly: true }, <SponsorshipPage />),
      { path: 'fisc-connect-as', element: loading(<FiscConnectAsPage />) },
      guarded('administration-fiscale', FISCAL, <FiscalHomePage />),
      guarded('administration-fiscale/errors', FISCAL, <FiscalErrorsPage />),
      guarded('administration-fiscale/technical-intervention', FISCAL, <TechnicalInterventionsPage />),
      // Every kind on one route: an unknown one reaches the detail page, which sends it to /404 (spec 2 §2).
      guarded(FISCAL_DETAIL_ROUTE, FISCAL, <FiscalDetailPage />),
      guarded('administration-fiscale/errors/details/:id', FISCAL, <FiscalErrorDetailPage />),
      guarded('account/migration/step-1', { isHolderOnly: true }, <MigrationPasswordStep />),
      guarded('account/migration', { isHolderOnly: true }, <MigrationForm />),
      { path: 'check-new-email', element: loading(<CheckNewEmailPage />) },
      guarded('feed/:name', { service: 'news' }, <FeedPage />),
      guarded('customer-account', { service: 'customer_account' }, <CustomerAccountsPage />),
      guarded('customer-account/:id', { service: 'customer_account' }, <CustomerAccountDetailPage />),
      guarded('warelist', { service: 'sales_reporting' }, <WareAnalysisPage />),
      guarded('export-data', { service: 'accounting_export' }, <SalesLinesExportPage />),
      guarded('export-vat', { service: 'accounting_export' }, <AccountingExportPage />),
      { path: 'unauthorized', element: <UnauthorizedPage reason="noAccess" /> },
      { path: '404', element: <Page404 /> },
      guarded('support', { isStaffOnly: true }, <SupportPage />),
      guarded('support/fiscal-access', { isStaffOnly: true }, <FiscalAccessRequestsPage />),
      guarded('dev/mailbox', { isStaffOnly: true }, <MailboxPage />),
      guarded('support/notifications', { isStaffOnly: true }, <NotificationPublishingPage />),
      guarded('support/mail-outbox', { isStaffOnly: true }, <SupportMailOutboxPage />),
      { path: '*', element: <CatchAllPage /> },
    ],
  },
];
