import { RouterProvider } from 'react-router';
import { UpdatePrompt } from '../pwa/update-prompt.tsx';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();

/** The web app: the Chakra theme around the route table, and the new-version prompt on every page. */
export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </AppProvider>
  );
}
