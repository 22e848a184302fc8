// Local replacements of outside systems (docs/architecture.md): the OpenID provider today;
// the payment gateway, video and mail outbox join here. Each one refuses to start when
// APP_ENV=production, whatever the configuration let through.
export { refuseInProduction, StandInRefusedError } from "./guard";
export { createOutboxTransport } from "./mail-outbox";
export type { OutboxMessage, OutboxAttachment, OutboxSentInfo } from "./mail-outbox";
export { startLocalIdp, DEMO_PASSWORD, DEMO_PEOPLE, DEMO_ORGANIZATIONS, findPerson, findOrganization } from "./identity-provider";
export type { LocalIdp, LocalIdpOptions, DemoPerson, DemoOrganization } from "./identity-provider";
export { startSandboxGateway } from "./payment-gateway";
export type { SandboxGateway, SandboxGatewayOptions } from "./payment-gateway";
export { startLocalVideo, LOCAL_VIDEO_MOUNT, LOCAL_UPLOAD_MAX_BYTES, LOCAL_UPLOAD_TTL_SEC, mp4DurationSeconds } from "./video";
export type { LocalVideo, LocalVideoOptions } from "./video";
export { startAccessPointStandIn } from "./access-point";
export type { AccessPointStandIn, AccessPointMode, ReceivedDocument } from "./access-point";
export { startMuxStandIn } from "./mux";
export type { MuxStandIn, MuxStandInOptions, MuxDelivery } from "./mux";
export { startGraphStandIn } from "./graph";
export type { GraphStandIn, GraphStandInOptions, GraphSubscription, GraphRecording } from "./graph";
