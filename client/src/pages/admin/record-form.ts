import { MESSAGES } from '@curbside/shared';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { notifyError, notifyToast } from '../../lib/notify';
import { serverFieldErrors } from './server-errors';

export interface RecordFormOptions<Values extends Record<string, unknown>, Body> {
  /** Whether the form edits an existing record (else it creates one and empties itself after saving). */
  editing: boolean;
  initialValues: Values;
  emptyValues: () => Values;
  /** The shared form schema: checks the fields as typed and turns them into the call body. */
  schema: z.ZodType<Body>;
  /** The create or update call. */
  save: (body: Body) => Promise<unknown>;
  /** The record's name, for the 'Success!' toast ('Spring Meet was saved.'). */
  nameOf: (body: Body) => string;
  /** After a successful save: the tab closes the edit and reloads its lists. */
  onSaved: () => Promise<unknown>;
  /** When the fields do not pass the schema (nothing is sent). */
  onInvalid?: (errors: FormErrors) => void;
}

/**
 * An admin create/edit form (products, events, advertisements; part 2 §5): the spec's field messages before anything
 * is sent; on a refusal the server's messages go on their fields and into a 'Save failed' toast; 'Success!' saying what was saved.
 */
export function useRecordForm<Values extends Record<string, unknown>, Body>(options: RecordFormOptions<Values, Body>) {
  const { schema } = options;
  const save = useMutation({ mutationFn: options.save });
  const form = useForm<Values>({
    initialValues: options.initialValues,
    validate: schemaResolver(schema, { sync: true }),
  });
  const fields = Object.keys(options.initialValues);

  const onSubmit = form.onSubmit(async (values) => {
    const body = schema.parse(values);
    try {
      await save.mutateAsync(body);
    } catch (error) {
      form.setErrors(serverFieldErrors(error, fields));
      notifyError(MESSAGES.admin.saveFailed, error);
      return;
    }
    notifyToast(MESSAGES.admin.done.saved(options.nameOf(body), !options.editing));
    if (!options.editing) form.setValues(options.emptyValues());
    await options.onSaved();
  }, options.onInvalid);

  return { form, onSubmit, saving: save.isPending };
}

/** Where an upload puts its result: the form's Image URL field, and that field's error. */
export interface ImageUrlField {
  set: (url: string) => void;
  setError: (message: string | null) => void;
}

/**
 * A picture upload into a form's Image URL field (products, advertisements): the field takes the stored file's
 * address; a refusal shows on the field as 'Failed to upload image: <the server's reason>' and is passed to
 * `onFailure` (a product's is only logged, an advertisement's is also a toast: part 2 §8).
 */
export function useImageUpload(field: ImageUrlField, onFailure: (error: unknown) => void) {
  const [uploading, setUploading] = useState(false);
  const upload = async (send: () => Promise<string>) => {
    setUploading(true);
    field.setError(null);
    try {
      field.set(await send());
    } catch (error) {
      onFailure(error);
      const reason = error instanceof Error && error.message ? `: ${error.message}` : '';
      field.setError(`${MESSAGES.admin.uploadImageFailed}${reason}`);
    } finally {
      setUploading(false);
    }
  };
  return { uploading, upload };
}
