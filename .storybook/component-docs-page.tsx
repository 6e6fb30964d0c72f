import * as ui from '@hakiki/ui'
import { ArgTypes, Controls, Description, Heading, Primary, Source, Stories, Subtitle, Title, useOf } from '@storybook/addon-docs/blocks'
import type { ReactNode } from 'react'

// One usage file per component (docs/usage/<kebab-name>.tsx): real modules, type-checked with the
// rest of .storybook and docs/, shown here as text.
const usages = import.meta.glob<string>('../docs/usage/*.tsx', { query: '?raw', import: 'default', eager: true })

/** `CodeInput` → `code-input`. */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter, index: number) => `${index === 0 ? '' : '-'}${letter.toLowerCase()}`)
}

/**
 * The docs page of every component: what it is (its doc comment), how to use it (docs/usage), the
 * first story live with its controls and its props described from the doc comments, then every story.
 */
export function ComponentDocsPage(): ReactNode {
  const { preparedMeta } = useOf('meta', ['meta'])
  const name = preparedMeta.title.split('/').at(-1) ?? ''
  const usage = usages[`../docs/usage/${kebab(name)}.tsx`]
  // Stories may render the component through a wrapper (VerificationFlow's give each story its own
  // memory adapter): the reference then comes from the exported component itself.
  const exported = (ui as Record<string, unknown>)[name]
  const wrapped = exported !== undefined && preparedMeta.component !== exported
  return (
    <>
      <Title />
      <Subtitle />
      {wrapped ? <Description of={exported} /> : <Description />}
      {usage ? (
        <>
          <Heading>Usage</Heading>
          <Source code={usage.trim()} language="tsx" />
        </>
      ) : null}
      <Heading>Try it</Heading>
      <Primary />
      <Heading>Props</Heading>
      {wrapped ? (
        <>
          <ArgTypes of={exported} />
          <Heading>Controls of the examples</Heading>
        </>
      ) : null}
      <Controls />
      <Stories title="Examples" />
    </>
  )
}
