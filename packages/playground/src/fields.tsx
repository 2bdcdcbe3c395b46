/** Schema-driven inputs shared by the playground islands (Preact). Text nodes only, never innerHTML. */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Json, JsonSchema } from './types.ts';
import { isFileSchema } from './request.ts';
import { specValue } from './spec-value.ts';

export type Change = (value: unknown) => void;

export function typesOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const t = schema.type;
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  if (typeof t === 'string') return [t];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

export function mainType(schema: JsonSchema | undefined): string | undefined {
  return typesOf(schema).find((t) => t !== 'null');
}

function variants(schema: JsonSchema): JsonSchema[] | undefined {
  const list = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  return Array.isArray(list) && list.length ? list : undefined;
}

export function variantLabel(s: JsonSchema, i: number): string {
  return typeof s.title === 'string' ? s.title : mainType(s) ? `${mainType(s)} (option ${i + 1})` : `Option ${i + 1}`;
}

/** Schema of a oneOf/anyOf variant merged with the parent's own keywords. */
function withVariant(schema: JsonSchema, v: JsonSchema): JsonSchema {
  const { oneOf: _o, anyOf: _a, ...rest } = schema;
  const merged: JsonSchema = { ...rest, ...v };
  if (rest.properties && v.properties) merged.properties = { ...(rest.properties as object), ...(v.properties as object) } as Json;
  return merged;
}

/** Best variant for an existing value. */
function pickVariant(list: JsonSchema[], value: unknown): number {
  if (value === undefined) return 0;
  const t =
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : typeof value === 'object'
          ? 'object'
          : typeof value === 'number'
            ? 'number'
            : typeof value;
  const byType = list.findIndex((s) => typesOf(s).some((x) => x === t || (t === 'number' && x === 'integer')));
  if (t === 'object' && value) {
    // The variant declaring most of the value's keys.
    const keys = Object.keys(value);
    let best = -1;
    let score = 0;
    list.forEach((s, i) => {
      const n = keys.filter((k) => s.properties && k in (s.properties as object)).length;
      if (n > score) {
        best = i;
        score = n;
      }
    });
    if (best >= 0) return best;
  }
  return byType >= 0 ? byType : 0;
}

export function Label(props: { for: string; name: string; required?: boolean; type?: string; deprecated?: boolean }) {
  return (
    <label class="lp-label" for={props.for}>
      {/* The spaces keep the accessible name readable ("id string required"); flex layout ignores them. */}
      <span class="lp-name">{props.name}</span>
      {props.type ? (
        <>
          {' '}
          <span class="lp-type">{props.type}</span>
        </>
      ) : null}
      {props.required ? (
        <>
          {' '}
          <span class="lp-req" title="required">
            required
          </span>
        </>
      ) : null}
      {props.deprecated ? (
        <>
          {' '}
          <span class="lp-dep">deprecated</span>
        </>
      ) : null}
    </label>
  );
}

function typeLabel(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined;
  if (isFileSchema(schema)) return 'file';
  const t = mainType(schema);
  if (!t) return variants(schema) ? 'one of' : undefined;
  if (t === 'array') return `${mainType(schema.items as JsonSchema) ?? 'any'}[]`;
  const nullable = typesOf(schema).includes('null') ? ' | null' : '';
  return (Array.isArray(schema.enum) ? `enum<${t}>` : t) + nullable;
}

export interface FieldProps {
  id: string;
  name: string;
  schema: JsonSchema | undefined;
  value: unknown;
  onChange: Change;
  required?: boolean;
  error?: string;
  description?: string;
  /** Allow file inputs (multipart). */
  files?: boolean;
  depth?: number;
  /** Extra label markup (e.g. `deprecated`). */
  deprecated?: boolean;
  /** Prefix of the ids of nested required-field errors. */
  errors?: Record<string, string>;
  errorPrefix?: string;
}

/** One labelled field for any schema (object/array recurse). */
export function Field(p: FieldProps) {
  const schema = p.schema ?? {};
  const desc = p.description ?? (typeof schema.description === 'string' ? schema.description : undefined);
  const descId = desc ? `${p.id}-desc` : undefined;
  const errId = p.error ? `${p.id}-err` : undefined;
  const describedBy = [descId, errId].filter(Boolean).join(' ') || undefined;
  const vs = variants(schema);
  const t = mainType(schema);

  if (vs) return <VariantField {...p} list={vs} />;

  if (t === 'object' && schema.properties && !isFileSchema(schema)) return <ObjectField {...p} />;

  if (t === 'array' && !(p.files && isFileSchema(schema.items as JsonSchema))) {
    return <ArrayField {...p} />;
  }

  let input: ComponentChildren;
  const common = {
    id: p.id,
    'aria-describedby': describedBy,
    'aria-invalid': p.error ? true : undefined,
    'aria-required': p.required || undefined,
  };
  if (p.files && (isFileSchema(schema) || (t === 'array' && isFileSchema(schema.items as JsonSchema)))) {
    input = <FileInput {...common} multiple={t === 'array'} value={p.value} onChange={p.onChange} />;
  } else if (Array.isArray(schema.enum)) {
    const opts = schema.enum as Json[];
    const index = opts.findIndex((o) => JSON.stringify(o) === JSON.stringify(p.value));
    input = (
      <select
        {...common}
        value={index >= 0 ? String(index) : ''}
        onChange={(e) => {
          const i = (e.currentTarget as HTMLSelectElement).value;
          p.onChange(i === '' ? undefined : opts[Number(i)]);
        }}
      >
        <option value="">{p.required ? 'Select…' : '(not set)'}</option>
        {opts.map((o, i) => (
          <option key={i} value={String(i)}>
            {o === null ? 'null' : String(o)}
          </option>
        ))}
      </select>
    );
  } else if (t === 'boolean') {
    input = (
      <select
        {...common}
        value={p.value === true ? 'true' : p.value === false ? 'false' : ''}
        onChange={(e) => {
          const v = (e.currentTarget as HTMLSelectElement).value;
          p.onChange(v === '' ? undefined : v === 'true');
        }}
      >
        <option value="">(not set)</option>
        <option value="true">true</option>
        <option value="false">false</option>
      </select>
    );
  } else if (t === 'integer' || t === 'number') {
    input = (
      <input
        {...common}
        type="number"
        step={t === 'integer' ? '1' : 'any'}
        inputMode={t === 'integer' ? 'numeric' : 'decimal'}
        value={typeof p.value === 'number' ? String(p.value) : typeof p.value === 'string' ? p.value : ''}
        placeholder={schema.default !== undefined ? String(schema.default) : undefined}
        onInput={(e) => {
          const raw = (e.currentTarget as HTMLInputElement).value;
          p.onChange(raw === '' ? undefined : Number.isFinite(Number(raw)) ? Number(raw) : raw);
        }}
      />
    );
  } else if (t === 'string' || (t === undefined && schema.type !== undefined)) {
    input = (
      <input
        {...common}
        type="text"
        value={p.value === undefined || p.value === null ? '' : String(p.value)}
        placeholder={typeof schema.format === 'string' ? schema.format : undefined}
        onInput={(e) => {
          const raw = (e.currentTarget as HTMLInputElement).value;
          p.onChange(raw === '' ? undefined : raw);
        }}
      />
    );
  } else {
    // Untyped / recursive: JSON text (plain text when it doesn't parse).
    input = <JsonText {...common} value={p.value} onChange={p.onChange} />;
  }

  const nullable = typesOf(schema).includes('null') || p.value === null;
  return (
    <div class={`lp-field${p.error ? ' lp-invalid' : ''}`}>
      <Label
        for={p.id}
        name={p.name}
        required={p.required}
        type={typeLabel(schema)}
        deprecated={p.deprecated || schema.deprecated === true}
      />
      {desc ? (
        <p class="lp-desc" id={descId}>
          {desc}
        </p>
      ) : null}
      <div class="lp-row">
        {input}
        {nullable ? (
          <label class="lp-null">
            <input
              type="checkbox"
              checked={p.value === null}
              onChange={(e) => p.onChange((e.currentTarget as HTMLInputElement).checked ? null : undefined)}
            />
            null
          </label>
        ) : null}
      </div>
      {p.error ? (
        <p class="lp-error" id={errId} role="alert">
          {p.error}
        </p>
      ) : null}
    </div>
  );
}

/** Nested fields of an object; optional nested objects start collapsed unless they have a value. */
function ObjectField(p: FieldProps) {
  const schema = p.schema ?? {};
  const depth = p.depth ?? 0;
  const desc = p.description ?? (typeof schema.description === 'string' ? schema.description : undefined);
  const descId = desc ? `${p.id}-desc` : undefined;
  const [open] = useState(() => depth < 1 || !!p.required || p.value !== undefined);
  const value = (p.value && typeof p.value === 'object' && !Array.isArray(p.value) ? p.value : undefined) as
    Record<string, unknown> | undefined;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const fieldset = (
    <fieldset class={`lp-object${p.error ? ' lp-invalid' : ''}`} id={p.id}>
      <legend>
        <span class="lp-name">{p.name}</span>
        <span class="lp-type">object</span>
        {p.required ? (
          <>
            {' '}
            <span class="lp-req">required</span>
          </>
        ) : null}
      </legend>
      {desc ? (
        <p class="lp-desc" id={descId}>
          {desc}
        </p>
      ) : null}
      {p.value === null ? <p class="lp-desc">null</p> : null}
      {p.error ? (
        <p class="lp-error" role="alert">
          {p.error}
        </p>
      ) : null}
      {Object.entries(schema.properties as Record<string, JsonSchema>).map(([name, sub]) => (
        <Field
          key={name}
          id={`${p.id}-${name}`}
          name={name}
          schema={sub}
          value={value?.[name]}
          required={required.includes(name)}
          error={p.errors?.[`${p.errorPrefix ?? ''}${name}`]}
          files={p.files}
          depth={depth + 1}
          onChange={(v) => {
            const next = { ...(value ?? {}) };
            if (v === undefined) delete next[name];
            else next[name] = v;
            p.onChange(Object.keys(next).length || value ? next : undefined);
          }}
        />
      ))}
    </fieldset>
  );
  if (depth < 1 || p.required) return fieldset;
  return (
    <details class="lp-nested" open={open}>
      <summary>
        <span class="lp-name">{p.name}</span> <span class="lp-type">object</span>
      </summary>
      {fieldset}
    </details>
  );
}

function JsonText(p: { id: string; value: unknown; onChange: Change; [k: string]: unknown }) {
  const { value, onChange, ...rest } = p;
  const [text, setText] = useState(value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));
  return (
    <input
      {...rest}
      type="text"
      value={text}
      placeholder="JSON value"
      onInput={(e) => {
        const raw = (e.currentTarget as HTMLInputElement).value;
        setText(raw);
        if (raw === '') return onChange(undefined);
        try {
          onChange(JSON.parse(raw));
        } catch {
          onChange(raw);
        }
      }}
    />
  );
}

function VariantField(p: FieldProps & { list: JsonSchema[] }) {
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const index = picked ?? pickVariant(p.list, p.value);
  const chosen = withVariant(p.schema ?? {}, p.list[index] ?? {});
  const selectId = `${p.id}-variant`;
  return (
    <div class="lp-variant">
      <div class="lp-field">
        <label class="lp-label" for={selectId}>
          <span class="lp-name">{p.name}</span>
          <span class="lp-type">variant</span>
        </label>
        <select
          id={selectId}
          value={String(index)}
          onChange={(e) => {
            const i = Number((e.currentTarget as HTMLSelectElement).value);
            setPicked(i);
            p.onChange(specValue(withVariant(p.schema ?? {}, p.list[i] ?? {})));
          }}
        >
          {p.list.map((s, i) => (
            <option key={i} value={String(i)}>
              {variantLabel(s, i)}
            </option>
          ))}
        </select>
      </div>
      <Field {...p} schema={chosen} key={index} />
    </div>
  );
}

/** A new array item: enum's first value, example/default, or an empty value of the item type. */
export function newItem(items: JsonSchema | undefined): unknown {
  const t = mainType(items);
  if (items && Array.isArray(items.enum) && items.enum.length) return items.enum[0];
  if (items && (items.default !== undefined || items.example !== undefined)) return items.example ?? items.default;
  if (t === 'object') return {};
  if (t === 'array') return [];
  if (t === 'boolean') return false;
  if (t === 'integer' || t === 'number') return 0;
  return '';
}

function ArrayField(p: FieldProps) {
  const schema = p.schema ?? {};
  const items = (schema.items ?? {}) as JsonSchema;
  const list = Array.isArray(p.value) ? p.value : [];
  const set = (next: unknown[]) => p.onChange(next.length || Array.isArray(p.value) ? next : undefined);
  return (
    <fieldset class={`lp-array${p.error ? ' lp-invalid' : ''}`} id={p.id}>
      <legend>
        <span class="lp-name">{p.name}</span>
        <span class="lp-type">{typeLabel(schema)}</span>
        {p.required ? (
          <>
            {' '}
            <span class="lp-req">required</span>
          </>
        ) : null}
      </legend>
      {typeof schema.description === 'string' ? <p class="lp-desc">{schema.description}</p> : null}
      {list.map((item, i) => (
        <div class="lp-item" key={i}>
          <Field
            id={`${p.id}-${i}`}
            name={`${p.name}[${i}]`}
            schema={items}
            value={item}
            files={p.files}
            depth={(p.depth ?? 0) + 1}
            onChange={(v) => {
              const next = [...list];
              next[i] = v;
              set(next);
            }}
          />
          <button
            type="button"
            class="lp-btn lp-small"
            aria-label={`Remove ${p.name}[${i}]`}
            onClick={() => set(list.filter((_, j) => j !== i))}
          >
            Remove
          </button>
        </div>
      ))}
      <button type="button" class="lp-btn lp-small" onClick={() => set([...list, newItem(items)])}>
        Add item to {p.name}
      </button>
      {p.error ? (
        <p class="lp-error" role="alert">
          {p.error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** File input with drag and drop. Value: a File, or File[] when `multiple`. */
export function FileInput(p: { id: string; multiple?: boolean; value: unknown; onChange: Change; [k: string]: unknown }) {
  const { value, onChange, multiple, ...rest } = p;
  const [over, setOver] = useState(false);
  const files = (Array.isArray(value) ? value : value ? [value] : []) as File[];
  const take = (list: FileList | null | undefined) => {
    const arr = list ? Array.from(list) : [];
    onChange(arr.length === 0 ? undefined : multiple ? arr : arr[0]);
  };
  return (
    <div
      class={`lp-drop${over ? ' lp-over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        take(e.dataTransfer?.files);
      }}
    >
      <input {...rest} type="file" multiple={multiple} onChange={(e) => take((e.currentTarget as HTMLInputElement).files)} />
      <span class="lp-desc">{files.length ? files.map((f) => `${f.name} (${f.size} B)`).join(', ') : 'or drop a file here'}</span>
    </div>
  );
}
