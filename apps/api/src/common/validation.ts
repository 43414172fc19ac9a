import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { createZodValidationPipe } from 'nestjs-zod';
import type { ZodError, ZodType } from 'zod';

/**
 * One line naming each bad field, e.g. `newPassword: must be at least 8 characters; foo: is not allowed`.
 * `body` stands for the whole payload when it is not an object at all.
 */
export function describeZodError(error: ZodError, root = 'body'): string {
  return error.issues
    .flatMap((issue) => {
      const path = issue.path.map(String);
      if (issue.code === 'unrecognized_keys') {
        return issue.keys.map((key) => `${[...path, key].join('.')}: is not allowed`);
      }
      return [`${path.length ? path.join('.') : root}: ${issue.message}`];
    })
    .join('; ');
}

export class ZodBadRequestException extends BadRequestException {
  constructor(error: ZodError, root?: string) {
    super(describeZodError(error, root));
  }
}

/** Global pipe: every DTO built with `createZodDto` from libs/contracts is validated; failures are 400s naming the field. */
export const AppValidationPipe = createZodValidationPipe({
  createValidationException: (error) => new ZodBadRequestException(error as ZodError),
});

/** Validates a value against a schema outside the pipe (e.g. a settings value chosen by key). */
export function parseOrThrow<T>(schema: ZodType<T>, value: unknown, root = 'body'): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ZodBadRequestException(result.error, root);
  return result.data;
}

/** Validates one route parameter, e.g. `@Param('id', new ZodParamPipe(videoIdSchema, 'id'))`. */
export class ZodParamPipe<T> implements PipeTransform<unknown, T> {
  constructor(
    private readonly schema: ZodType<T>,
    private readonly name: string,
  ) {}

  transform(value: unknown): T {
    return parseOrThrow(this.schema, value, this.name);
  }
}
