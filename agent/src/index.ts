export { LogAgent, type AgentOptions } from './log-agent.ts';
export { LogTailer, type LogChunk, type TailPosition } from './log-tailer.ts';
export { installHooks, HOOK_NAMES, UPLOADER_BIN, type HookSettings } from './hooks.ts';
export { uploadFile, lastEndedMap, statePathOf, UploadError, type UploadOptions } from './uploader.ts';
