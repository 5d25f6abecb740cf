export { LogAgent, type AgentOptions } from './log-agent.ts';
export { LogTailer, type LogChunk, type TailPosition } from './log-tailer.ts';
