import { RouterProvider, type DataRouter } from 'react-router';
import { UpdatePrompt } from '../pwa/update-prompt.tsx';
import { AppProvider } from './provider.tsx';

/**
 * The web app: the Chakra theme around the route table, and the new-version prompt on every page.
 * The browser gives it its router (router.tsx), the build's prerender a memory router on one page.
 */
export function App({ router }: { router: DataRouter }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </AppProvider>
  );
}
