/** Live updates: the /hub WebSocket endpoint and publishing over PostgreSQL NOTIFY (spec/2 §9.4). */
export {
  realtimeHub,
  HUB_PATH,
  CLOSE_UNAUTHORIZED,
  PING_INTERVAL_MS,
  type RealtimeHubOptions,
} from './hub.ts';
export {
  publishClientData,
  CLIENTDATA_CHANNEL,
  CLIENT_COMMANDS,
  type ClientCommand,
  type ClientDataMessage,
  type ClientDataTarget,
  type PublishRequest,
} from './publish.ts';
