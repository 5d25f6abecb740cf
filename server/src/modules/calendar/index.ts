// The calendar module's front door: each user's private calendar feed of matches with an agreed time.
export { calendarRoutes } from './calendar.routes.ts';
