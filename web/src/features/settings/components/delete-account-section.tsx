import { Trans, useLingui } from "@lingui/react/macro";
import { AlertDialog } from "radix-ui";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { AlertDialogPanel } from "@/components/ui/alert-dialog-panel";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { listAvatarFiles, removeAvatarFiles } from "../api/upload-avatar";
import { confirmsUsername } from "../settings-schemas";

/**
 * The database refuses while the member hosts upcoming events others RSVPed to (their guests
 * must be told); its message says which, and is shown in the dialog. Decision 0076.
 */
async function deleteAccount(userId: string): Promise<void> {
  const { error } = await supabase.rpc("delete_my_account");
  if (error) throw error;
  // Storage keeps files outside the database's cascades; the token still works for this.
  await removeAvatarFiles(await listAvatarFiles(userId)).catch(() => {});
}

export function DeleteAccountSection({ userId, username }: { userId: string; username: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirmed = confirmsUsername(typed, username);

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await deleteAccount(userId);
      // Leave this protected page first, or signing out sends it to the sign-in screen.
      await navigate("/", { replace: true });
      await supabase.auth.signOut();
      toast.success(t`Your account is deleted. Thanks for being part of Gather.`);
    } catch (e) {
      setProblem(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-start gap-4">
      <p className="max-w-prose text-sm">
        <Trans>
          This deletes your profile, your RSVPs (your spots go to the next people on the waitlist), your comments and the
          events you host that nobody has joined or that are over. It can't be undone.
        </Trans>
      </p>
      <AlertDialog.Root
        open={open}
        onOpenChange={(next) => {
          if (busy) return;
          setOpen(next);
          setTyped("");
          setProblem(null);
        }}
      >
        <AlertDialog.Trigger asChild>
          <Button className="bg-red-700 text-white hover:bg-red-800">
            <Trans>Delete account…</Trans>
          </Button>
        </AlertDialog.Trigger>
        <AlertDialogPanel
          title={<Trans>Delete your account?</Trans>}
          description={<Trans>Your profile, RSVPs, comments and events you host are deleted for good. To confirm, type your username.</Trans>}
        >
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (confirmed && !busy) void confirm();
            }}
          >
            <div className="flex flex-col gap-2">
              <Label htmlFor={inputId}>
                <Trans>
                  Type <span className="font-mono">{username}</span> to confirm
                </Trans>
              </Label>
              <Input
                id={inputId}
                value={typed}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                onChange={(e) => setTyped(e.target.value)}
              />
            </div>
            {problem && <Alert tone="error">{problem}</Alert>}
            <div className="flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel asChild>
                <Button type="button" variant="outline" disabled={busy}>
                  <Trans>Keep my account</Trans>
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" disabled={!confirmed || busy} className="bg-red-700 text-white hover:bg-red-800">
                {busy ? <Trans>Deleting…</Trans> : <Trans>Delete my account</Trans>}
              </Button>
            </div>
          </form>
        </AlertDialogPanel>
      </AlertDialog.Root>
    </div>
  );
}
