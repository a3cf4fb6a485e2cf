import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { cancelSignOut, confirmSignOut, useAuthStore } from '../auth/index.ts';

/** Asks before a sign-out would lose changes that have not been sent yet. */
export function SignOutConfirm() {
  const pending = useAuthStore((state) => state.signOutConfirm);
  const count = pending?.unsentCount ?? 0;
  return (
    <ConfirmDialog
      isOpen={pending !== null}
      title="Sign out with unsent changes?"
      body={
        count === 1
          ? '1 change has not been sent yet. If you sign out now it is lost.'
          : `${count} changes have not been sent yet. If you sign out now they are lost.`
      }
      confirmLabel="Sign out anyway"
      isDestructive
      onConfirm={async () => {
        await confirmSignOut();
      }}
      onClose={cancelSignOut}
    />
  );
}
