/**
 * Compose, reply and forward (docs/mail.md "The screen"): a rich-text body (@mantine/tiptap; the
 * server sanitises the HTML before it is stored or shown), the draft saved on this device and
 * queued for the server while the person types, and Send putting it in the outbox — sent at once
 * when online, else when the device is back online (once).
 */
import "@mantine/tiptap/styles.css";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedCallback, useMediaQuery } from "@mantine/hooks";
import { Link, RichTextEditor } from "@mantine/tiptap";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useRef, useState } from "react";
import { MAIL_LIMITS } from "../../../domain/mail/message";
import { AppModal } from "../../ui/AppModal";
import { toast } from "../../ui/toast";
import { failed } from "../kanban/write-failed";
import { type DraftFields, splitAddresses } from "./mail-model";
import type { MailWrites } from "./mail-writes";

export interface ComposeState {
  /** The draft's id (a new one, or a saved draft being edited). */
  id: string;
  threadId: string;
  initial: DraftFields;
}

const SAVE_AFTER_MS = 700;

function ComposeForm({
  state,
  writes,
  onDone,
}: {
  state: ComposeState;
  writes: MailWrites;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [to, setTo] = useState(state.initial.to.join(", "));
  const [cc, setCc] = useState(state.initial.cc.join(", "));
  const [subject, setSubject] = useState(state.initial.subject);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [sending, setSending] = useState(false);
  const touched = useRef(false);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: state.initial.html,
    immediatelyRender: false,
    onUpdate: () => changed(),
  });

  const fields = (): DraftFields => ({
    to: splitAddresses(to),
    cc: splitAddresses(cc),
    subject: subject.slice(0, MAIL_LIMITS.subjectMax),
    html: editor?.getHTML() ?? state.initial.html,
    inReplyTo: state.initial.inReplyTo,
  });

  const save = async () => {
    if (!touched.current) return true;
    try {
      await writes.saveDraft(state.id, fields(), state.threadId);
      setSaved(true);
      return true;
    } catch (e) {
      failed(e);
      return false;
    }
  };
  // closing the composer (Escape, the close button) saves what the last pause did not
  const saveSoon = useDebouncedCallback(() => void save(), { delay: SAVE_AFTER_MS, flushOnUnmount: true });
  const changed = () => {
    touched.current = true;
    setSaved(false);
    saveSoon();
  };

  const send = async () => {
    const f = fields();
    if (f.to.length + f.cc.length === 0) {
      setError(t`Add at least one recipient.`);
      return;
    }
    setSending(true);
    touched.current = true;
    saveSoon.cancel();
    try {
      await writes.saveDraft(state.id, f, state.threadId);
      await writes.send(state.id);
      toast.success(
        navigator.onLine ? t`Message sent` : t`Message queued: it is sent when you are back online`,
      );
      onDone();
    } catch (e) {
      failed(e);
    } finally {
      setSending(false);
    }
  };

  const close = async () => {
    saveSoon.cancel();
    if (await save()) onDone();
  };

  return (
    <Stack>
      <TextInput
        label={t`To`}
        value={to}
        onChange={(e) => {
          setTo(e.currentTarget.value);
          setError(null);
          changed();
        }}
        error={error}
        description={t`Separate addresses with commas`}
        data-autofocus
      />
      <TextInput
        label={t`Cc`}
        value={cc}
        onChange={(e) => {
          setCc(e.currentTarget.value);
          changed();
        }}
      />
      <TextInput
        label={t`Subject`}
        value={subject}
        maxLength={MAIL_LIMITS.subjectMax}
        onChange={(e) => {
          setSubject(e.currentTarget.value);
          changed();
        }}
      />
      <div>
        <Text component="label" size="sm" fw={500} id={`body-${state.id}`}>
          <Trans>Message</Trans>
        </Text>
        <RichTextEditor
          editor={editor}
          aria-labelledby={`body-${state.id}`}
          labels={{
            boldControlLabel: t`Bold`,
            italicControlLabel: t`Italic`,
            underlineControlLabel: t`Underline`,
            strikeControlLabel: t`Strikethrough`,
            bulletListControlLabel: t`Bulleted list`,
            orderedListControlLabel: t`Numbered list`,
            blockquoteControlLabel: t`Block quote`,
            linkControlLabel: t`Link`,
            unlinkControlLabel: t`Remove link`,
            linkEditorInputLabel: t`Link address`,
            linkEditorInputPlaceholder: "https://example.com/",
            linkEditorExternalLink: t`Open the link in a new tab`,
            linkEditorInternalLink: t`Open the link in the same tab`,
            linkEditorSave: t`Save`,
          }}
        >
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
          <RichTextEditor.Content mih={160} data-testid="mail-body" />
        </RichTextEditor>
      </div>
      <Group justify="space-between">
        <Text size="xs" c="dimmed" role="status">
          {saved ? <Trans>Draft saved on this device</Trans> : null}
        </Text>
        <Group>
          <Button variant="default" onClick={() => void close()}>
            <Trans>Save and close</Trans>
          </Button>
          <Button onClick={() => void send()} loading={sending}>
            <Trans>Send</Trans>
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

export function ComposeModal({
  state,
  writes,
  onClose,
}: {
  state: ComposeState | null;
  writes: MailWrites;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery("(max-width: 48em)", false);
  return (
    <AppModal
      opened={state !== null}
      onClose={onClose}
      title={state?.initial.inReplyTo ? t`Reply` : t`New message`}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t`Close` }}
    >
      {state && <ComposeForm key={state.id} state={state} writes={writes} onDone={onClose} />}
    </AppModal>
  );
}
