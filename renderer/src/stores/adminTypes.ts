/**
 * Shapes of the admin /console API answers, taken from the types generated from the node's
 * response schemas (api/console-api.generated.ts, `npm run gen:api-types`); the names are the
 * stores' own.
 */
import type { Answer } from '../api/types.js';

export type MerchantDetailInfo = Answer<'/console/admin/merchants/{code}', 'get'>;
export type MerchantSummaryInfo = Answer<'/console/admin/merchants', 'get'>['merchants'][number];
/** A merchant as a list row or in detail: the list adds active_credentials, the detail credentials and pricing. */
export type MerchantInfo = Omit<MerchantDetailInfo, 'credentials' | 'pricing'> &
  Partial<Pick<MerchantDetailInfo, 'credentials' | 'pricing'>> &
  Partial<Pick<MerchantSummaryInfo, 'active_credentials'>>;
export type Pair = Answer<'/console/admin/merchants', 'post', 201>['test'];
export type CredentialInfo = MerchantDetailInfo['credentials'][number];
export type PricingRuleInfo = MerchantDetailInfo['pricing'][number];

type Overview = Answer<'/console/admin/upstreams', 'get'>;
export type UpstreamInfo = Overview['upstreams'][number];
export type UpstreamHealthInfo = NonNullable<UpstreamInfo['health']>;
export type Circuit = UpstreamHealthInfo['circuit'];
export type RouteInfo = Overview['routes'][number];
export type ConnectionTest = Answer<'/console/admin/upstreams/{name}/test', 'post'>;

export type CatalogPage = Answer<'/console/admin/catalogs/{kind}', 'get'>;
export type CatalogRow = CatalogPage['rows'][number];
export type CatalogSyncRun = NonNullable<Answer<'/console/admin/catalogs/sync', 'get'>['last']>;

export type AttentionItem = Answer<'/console/admin/attention', 'get'>['flagged'][number];
export type AdminUser = Answer<'/console/admin/users', 'get'>['users'][number];
export type CashupInfo = Answer<'/console/admin/cashups/{id}', 'get'>;
export type Tally = CashupInfo['by_status']['success'];
export type DashboardInfo = Answer<'/console/admin/dashboard', 'get'>;
export type NodeInfo = Answer<'/console/admin/node', 'get'>;
export type BackupInfo = Answer<'/console/admin/backups', 'get'>['backups'][number];
/** A backup just made, with its integrity check. */
export type NewBackupInfo = Answer<'/console/admin/backups', 'post', 201>;
export type ReportSettingsInfo = Answer<'/console/report-settings', 'get'>;
export type AuditEntry = Answer<'/console/admin/audit', 'get'>['entries'][number];
export type ReportDeliveryInfo = Answer<'/console/reports', 'get'>['data'][number];
export type ReportSummaryInfo = Answer<'/console/reports/{code}/{env}/{date}', 'get'>['report'];

export type FailingWebhook = DashboardInfo['failing_webhooks'][number];
export type MerchantWebhooks = Answer<'/console/admin/merchants/{code}/webhooks', 'get'>;
export type WebhookEndpointInfo = MerchantWebhooks['webhooks'][number];
export type WebhookDeliveryInfo = Answer<
  '/console/admin/webhooks/{id}/deliveries',
  'get'
>['deliveries'][number];
export type WebhookTestResult = Answer<'/console/admin/webhooks/{id}/test', 'post'>;
type ReconciliationOverview = Answer<'/console/admin/reconciliation', 'get'>;
export type ReconciliationRunInfo = ReconciliationOverview['runs'][number];
export type ReconciliationExceptionInfo = ReconciliationOverview['exceptions'][number];
export type ReconciliationSettingsInfo = ReconciliationOverview['settings'];
export type NodeSettingInfo = Answer<'/console/admin/node-settings', 'get'>['settings'][number];
export type NodeSettingKey = NodeSettingInfo['key'];
