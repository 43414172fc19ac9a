import { bootPage } from './boot';

// The app (React and the page's components) is a chunk of its own, fetched when the page needs it (boot.ts).
// Under `npm run dev` Vite brings each stylesheet with its module, so the app starts at once there.
bootPage(() => import('./start-app'), { now: import.meta.env.DEV });
