import type { components } from './schema.gen';

type Schemas = components['schemas'];

export type Camera = Schemas['Camera'];
export type CameraChannel = Schemas['CameraChannel'];
export type CameraConfig = Schemas['CameraConfig'];
export type Position = Schemas['Position'];
export type Network = Schemas['Network'];
export type User = Schemas['User'];
export type Organization = Schemas['Organization'];
export type FloorPlan = Schemas['FloorPlan'];
export type Nfo = Schemas['Nfo'];
export type Env = Schemas['Env'];
export type Rights = Schemas['Rights'];
export type NetworkPermissions = Schemas['NetworkPermissions'];
export type NetworkContext = Schemas['NetworkContext'];
export type OrganizationBundle = Schemas['OrganizationBundle'];
export type LoginAnswer = Schemas['LoginAnswer'];
export type LoginRequest = Schemas['LoginRequest'];
export type LoginMode = NonNullable<LoginAnswer['mode']>;
export type Privilege = Schemas['Privilege'];
export type SessionState = Schemas['SessionState'];
export type AccessControlIntegration = Schemas['AccessControlIntegration'];
export type CameraSource = Schemas['CameraSource'];
export type CameraInput = Schemas['CameraInput'];
