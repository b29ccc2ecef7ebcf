import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type DefaultValues, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form'
import type * as z from 'zod/v4/core'

type Options<Input extends FieldValues, Output extends FieldValues> = Omit<
  UseFormProps<Input, unknown, Output>,
  'resolver' | 'defaultValues'
> & {
  defaultValues: DefaultValues<Input>
}

/**
 * The one way a dashboard form holds its values: react-hook-form checked by a schema from packages/contracts (the
 * same one the server applies). Errors appear on submit and then follow the field as it changes, so a fixed field
 * loses its error at once; `formState.isSubmitting` is true while the submit handler's promise runs.
 */
export const useContractForm = <S extends z.$ZodType<FieldValues, FieldValues>>(
  schema: S,
  { defaultValues, ...options }: Options<z.input<S>, z.output<S>>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> =>
  useForm<z.input<S>, unknown, z.output<S>>({
    // The resolver's overloads cannot see through the generic schema; its result has exactly these types.
    resolver: zodResolver(schema as never) as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues,
    ...options,
  })
