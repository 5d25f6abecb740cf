// The screenshots module's front door.
export { screenshotRoutes } from './screenshot.routes.ts';
export type { ScreenshotRoutesOptions } from './screenshot.routes.ts';
export { storeServerScreenshot, uploadScreenshot } from './screenshot.service.ts';
export { sniffImage } from './image-type.ts';
