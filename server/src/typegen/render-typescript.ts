import type { Introspection } from './introspect.ts';
import { renderDatabase } from './render-database.ts';
import { print, quoteKey } from './ts-layout.ts';

/**
 * The whole file `supabase gen types typescript` writes: `Json`, `Database`, the helper types
 * (`Tables<>`, `TablesInsert<>`, `TablesUpdate<>`, `Enums<>`, `CompositeTypes<>`) over the
 * default schema, and `Constants` with every enum's values. Laid out as the CLI's prettier does.
 */

const JSON_TYPE = `export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]`;

function helpers(defaultSchema: string): string {
  const ds = JSON.stringify(defaultSchema);
  const lookup = (name: string, section: string, param: string, key: string, letter: string) => `export type ${name}<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["${section}"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["${section}"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["${section}"][TableName] extends {
      ${key}: infer ${letter}
    }
    ? ${letter}
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["${section}"]
    ? DefaultSchema["${section}"][DefaultSchemaTableNameOrOptions] extends {
        ${key}: infer ${letter}
      }
      ? ${letter}
      : never
    : never`.replaceAll('DefaultSchemaTableNameOrOptions', param);
  const simple = (name: string, section: string, param: string, keyParam: string) => `export type ${name}<
  ${param} extends
    | keyof DefaultSchema["${section}"]
    | { schema: keyof DatabaseWithoutInternals },
  ${keyParam} extends ${param} extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[${param}["schema"]]["${section}"]
    : never = never,
> = ${param} extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[${param}["schema"]]["${section}"][${keyParam}]
  : ${param} extends keyof DefaultSchema["${section}"]
    ? DefaultSchema["${section}"][${param}]
    : never`;
  return `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, ${ds}>]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

${lookup('TablesInsert', 'Tables', 'DefaultSchemaTableNameOrOptions', 'Insert', 'I')}

${lookup('TablesUpdate', 'Tables', 'DefaultSchemaTableNameOrOptions', 'Update', 'U')}

${simple('Enums', 'Enums', 'DefaultSchemaEnumNameOrOptions', 'EnumName')}

${simple('CompositeTypes', 'CompositeTypes', 'PublicCompositeTypeNameOrOptions', 'CompositeTypeName')}`;
}

function constants(model: Introspection): string {
  const schemas = [...model.schemas].sort((a, b) => a.localeCompare(b));
  const lines = schemas.map((schema) => {
    const enums = model.types.filter((t) => t.schema === schema && t.enums.length > 0).sort((a, b) => a.name.localeCompare(b.name));
    if (enums.length === 0) return `  ${quoteKey(schema)}: {\n    Enums: {},\n  },`;
    const entries = enums.map((e) => {
      const key = quoteKey(e.name);
      const values = e.enums.map((v) => JSON.stringify(v));
      const one = `      ${key}: [${values.join(', ')}],`;
      return one.length <= 80 ? one : `      ${key}: [\n${values.map((v) => `        ${v},`).join('\n')}\n      ],`;
    });
    return `  ${quoteKey(schema)}: {\n    Enums: {\n${entries.join('\n')}\n    },\n  },`;
  });
  return `export const Constants = {\n${lines.join('\n')}\n} as const`;
}

export interface RenderOptions {
  /** The schema the helper types default to (the CLI: the first of `--schema`, else public). */
  defaultSchema: string;
  /** `__InternalSupabase.PostgrestVersion`, which turns on postgrest-js's v13+ typing. */
  postgrestVersion?: string;
}

export function renderTypescript(model: Introspection, opts: RenderOptions): string {
  const database = print(renderDatabase(model, opts.postgrestVersion), 0, 'export type Database = '.length);
  return `${JSON_TYPE}\n\nexport type Database = ${database}\n\n${helpers(opts.defaultSchema)}\n\n${constants(model)}\n`;
}
