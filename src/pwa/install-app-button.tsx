import { Button, type ButtonProps } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { promptInstall, useInstallOffer } from './install-prompt.ts';

const IosInstallDialog = lazy(() => import('./ios-install-dialog.tsx').then((m) => ({ default: m.IosInstallDialog })));

/**
 * "Install app" where the browser can install CrewCamp: the browser's prompt (Chromium), or the
 * Add to Home Screen steps (iOS Safari). Nothing where neither applies or the app is installed.
 */
export function InstallAppButton(props: ButtonProps) {
  const offer = useInstallOffer();
  const [isIosHelpOpen, setIosHelpOpen] = useState(false);
  if (!offer && !isIosHelpOpen) return null;
  return (
    <>
      {offer ? (
        <Button {...props} onClick={() => (offer === 'prompt' ? void promptInstall() : setIosHelpOpen(true))}>
          <Download aria-hidden />
          Install app
        </Button>
      ) : null}
      {isIosHelpOpen ? (
        <Suspense fallback={null}>
          <IosInstallDialog onClose={() => setIosHelpOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
