import type { AppContext } from '../context';
import { allowedNetworks } from '../security/public-address';
import type { RateLimiter } from '../security/rate-limiter';
import { AccountService } from './account.service';
import { AdminService } from './admin.service';
import { AgentJobService } from './agent-jobs.service';
import { AgentPresenceService } from './agent-presence.service';
import { AgentUpdateService } from './agent-updates.service';
import { ApiKeyService } from './api-key.service';
import { AuthService } from './auth.service';
import { AuthenticationService } from './authentication.service';
import { CatalogueIndexService } from './catalogue-index/catalogue-index.service';
import { CatalogueSyncService } from './catalogue-index/catalogue-sync.service';
import { CatalogueSeedService } from './catalogue-seed.service';
import { CatalogueService } from './catalogue.service';
import { ClientReleaseService } from './client-releases.service';
import { DeviceDeactivationService } from './device-deactivation.service';
import { BringBackService } from './device-groups/bring-back.service';
import { DeviceGroupService } from './device-groups/device-groups.service';
import { DriftService } from './device-groups/drift.service';
import { GroupRemovalService } from './device-groups/group-removals.service';
import { DeviceSearchService } from './device-search.service';
import { DeviceTokenService } from './device-token.service';
import { DeviceService } from './device.service';
import { EmailChangeService } from './email-change.service';
import { EmailVerificationService } from './email-verification.service';
import { FeedbackService } from './feedback.service';
import { GenerationService } from './generations/generations.service';
import { GoogleAuthService } from './google-auth.service';
import { HealthService } from './health.service';
import { HistoryService } from './history.service';
import { InstallationEvents } from './installation-events';
import { InstallationService } from './installation.service';
import { InventoryService } from './inventory.service';
import { ListStatusService } from './list-status.service';
import { ListSyncService } from './list-sync.service';
import { ListTransferService } from './list-transfer.service';
import { ListService } from './list.service';
import { MachineEvents } from './machine-events';
import { MonitoringService } from './monitoring.service';
import { NotificationService } from './notification.service';
import { OwnAppService } from './own-app.service';
import { PasswordResetService } from './password-reset.service';
import { PaymentSettlementService } from './payment-settlement.service';
import { PaymentService } from './payment.service';
import { RemovalCheckService } from './removal-check.service';
import { SessionService } from './session.service';
import { SharedListService } from './shared-list.service';
import { SubscriptionService } from './subscription.service';
import { PolicyRunner } from './update-policies/policy-runner';
import { RolloutService } from './update-policies/rollouts.service';
import { UpdatePolicyService } from './update-policies/update-policies.service';
import { WebhookTransport, type WebhookTransportOptions } from './webhooks/transport';
import { WebhookDeliveryService } from './webhooks/webhook-deliveries.service';
import { WebhookEmitters } from './webhooks/webhook-emitters';
import { WebhookEndpointService } from './webhooks/webhook-endpoints.service';

/** Every service of one app instance. Services hold the rules and import no Fastify. */
export interface Services {
  health: HealthService;
  subscription: SubscriptionService;
  sessions: SessionService;
  auth: AuthService;
  authentication: AuthenticationService;
  emailVerification: EmailVerificationService;
  passwordReset: PasswordResetService;
  googleAuth: GoogleAuthService;
  account: AccountService;
  emailChange: EmailChangeService;
  catalogue: CatalogueService;
  catalogueSeed: CatalogueSeedService;
  catalogueIndex: CatalogueIndexService;
  catalogueSync: CatalogueSyncService;
  lists: ListService;
  ownApps: OwnAppService;
  listTransfer: ListTransferService;
  sharedLists: SharedListService;
  feedback: FeedbackService;
  admin: AdminService;
  devices: DeviceService;
  deviceDeactivation: DeviceDeactivationService;
  deviceTokens: DeviceTokenService;
  installations: InstallationService;
  inventory: InventoryService;
  listStatus: ListStatusService;
  listSync: ListSyncService;
  agentPresence: AgentPresenceService;
  agentJobs: AgentJobService;
  payments: PaymentService;
  apiKeys: ApiKeyService;
  history: HistoryService;
  notifications: NotificationService;
  monitoring: MonitoringService;
  updatePolicies: UpdatePolicyService;
  policyRunner: PolicyRunner;
  rollouts: RolloutService;
  removalChecks: RemovalCheckService;
  deviceSearches: DeviceSearchService;
  paymentSettlement: PaymentSettlementService;
  clientReleases: ClientReleaseService;
  agentUpdates: AgentUpdateService;
  deviceGroups: DeviceGroupService;
  drift: DriftService;
  groupRemovals: GroupRemovalService;
  bringBack: BringBackService;
  generations: GenerationService;
  webhookEndpoints: WebhookEndpointService;
  webhookDeliveries: WebhookDeliveryService;
}

/** What the services need from outside the process that tests replace: how webhook hosts resolve, which certificates are trusted. */
export interface ServiceEdges {
  webhookTransport?: WebhookTransportOptions;
}

export function createServices(ctx: AppContext, rateLimiter: RateLimiter, edges: ServiceEdges = {}): Services {
  const subscription = new SubscriptionService(ctx);
  const sessions = new SessionService(ctx);
  const emailChange = new EmailChangeService(ctx);
  const emailVerification = new EmailVerificationService(ctx, rateLimiter, emailChange);
  const lists = new ListService(ctx, subscription);
  const machines = new MachineEvents();
  const devices = new DeviceService(ctx, subscription, machines);
  const installationEvents = new InstallationEvents(ctx.bus, ctx.tasks);
  const installations = new InstallationService(ctx, lists, devices, subscription, installationEvents);
  const clientReleases = new ClientReleaseService(ctx);
  const drift = new DriftService(ctx, lists);
  const removalChecks = new RemovalCheckService(ctx);
  const groupRemovals = new GroupRemovalService(ctx, subscription, removalChecks, installations, drift);
  const deviceGroups = new DeviceGroupService(ctx, subscription, lists, installations, drift, groupRemovals);
  const deviceTokens = new DeviceTokenService(ctx, subscription, devices, clientReleases.signing, machines, (userId, groupId) =>
    deviceGroups.assertTokenGroup(userId, groupId),
  );
  machines.observe(deviceGroups);
  const notifications = new NotificationService(ctx, subscription);
  const inventory = new InventoryService(ctx, rateLimiter, installationEvents, notifications);
  const monitoring = new MonitoringService(ctx, subscription, notifications);
  const listSync = new ListSyncService(ctx, lists, installations, subscription);
  lists.observeItems(listSync);
  lists.observeItems(inventory);
  lists.observeItems(deviceGroups);
  inventory.observeReports((device) => drift.recomputeLater(device.user_id, [device.id]));
  const agentJobs = new AgentJobService(ctx, installationEvents, notifications);
  const generations = new GenerationService(ctx, installations, subscription, installationEvents);
  agentJobs.observeFinishedJobs((device, target) => generations.jobFinished(device, target));
  const catalogue = new CatalogueService(ctx);
  const catalogueIndex = new CatalogueIndexService(ctx);
  const ownApps = new OwnAppService(ctx, catalogue);
  const deviceSearches = new DeviceSearchService(ctx, rateLimiter);
  const payments = new PaymentService(ctx, subscription);
  const webhookTransport = new WebhookTransport(allowedNetworks(ctx.config.webhookPrivateNetworks), edges.webhookTransport);
  const webhookEndpoints = new WebhookEndpointService(ctx, subscription, webhookTransport);
  const webhookDeliveries = new WebhookDeliveryService(ctx, subscription, webhookEndpoints, webhookTransport);
  const webhookEmitters = new WebhookEmitters(ctx, webhookDeliveries, installations, drift);
  installationEvents.observeFinished((userId, installationId) => webhookEmitters.installationMayHaveFinished(userId, installationId));
  drift.observeNewDrift((userId, device, fresh) => webhookEmitters.newDrift(userId, device, fresh));
  monitoring.observeSilence((silence) => webhookEmitters.machineSilent(silence));
  installations.observeDeadlinePassed((target) => notifications.deadlinePassed(target));
  const rollouts = new RolloutService(ctx, notifications);
  return {
    health: new HealthService(ctx),
    subscription,
    sessions,
    auth: new AuthService(ctx, rateLimiter, sessions, subscription, emailVerification),
    authentication: new AuthenticationService(ctx),
    emailVerification,
    passwordReset: new PasswordResetService(ctx, rateLimiter),
    googleAuth: new GoogleAuthService(ctx, sessions, subscription, emailVerification),
    account: new AccountService(ctx, rateLimiter, emailChange),
    emailChange,
    catalogue,
    catalogueSeed: new CatalogueSeedService(ctx),
    catalogueIndex,
    catalogueSync: new CatalogueSyncService(ctx, catalogueIndex),
    lists,
    ownApps,
    listTransfer: new ListTransferService(ctx, lists, rateLimiter, ownApps),
    sharedLists: new SharedListService(ctx, lists, ownApps),
    feedback: new FeedbackService(ctx, rateLimiter),
    admin: new AdminService(ctx),
    devices,
    deviceDeactivation: new DeviceDeactivationService(ctx, rateLimiter, subscription, devices),
    deviceTokens,
    installations,
    inventory,
    listStatus: new ListStatusService(ctx, lists),
    listSync,
    agentPresence: new AgentPresenceService(ctx, installationEvents, deviceTokens, monitoring, machines),
    agentJobs,
    removalChecks,
    deviceSearches,
    payments,
    paymentSettlement: new PaymentSettlementService(ctx, payments, subscription),
    apiKeys: new ApiKeyService(ctx, subscription),
    history: new HistoryService(ctx),
    notifications,
    monitoring,
    updatePolicies: new UpdatePolicyService(ctx, subscription, lists),
    policyRunner: new PolicyRunner(ctx, subscription, installations, inventory, rollouts),
    rollouts,
    clientReleases,
    agentUpdates: new AgentUpdateService(ctx, clientReleases, installationEvents),
    deviceGroups,
    drift,
    groupRemovals,
    bringBack: new BringBackService(ctx, subscription, installations, drift),
    generations,
    webhookEndpoints,
    webhookDeliveries,
  };
}
