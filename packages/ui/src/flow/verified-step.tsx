'use client'
import type { ReactNode, RefObject } from 'react'
import { useMessages } from '../i18n/locale-context'
import { flowStepsMessagesEn } from '../i18n/messages-en'
import type { FlowHeading, VerificationFlowClassNames } from './flow-parts'

/** Props of {@link VerifiedStep}. */
export interface VerifiedStepProps {
  /**
   * The verified address as shown (`displayAddress`), worded by the up-front view: this step comes
   * in a chunk loaded later, which should not carry the phone number formatting other components share.
   */
  address: string
  /** The heading element. */
  heading: FlowHeading
  /** The heading, for focus. */
  headingRef: RefObject<HTMLHeadingElement | null>
  /** Classes of the parts. */
  classNames: VerificationFlowClassNames
}

/** The verified step: a heading and the address that was verified. */
export function VerifiedStep({ address, heading: Heading, headingRef, classNames }: VerifiedStepProps): ReactNode {
  const t = useMessages(flowStepsMessagesEn)
  return (
    <div data-part="step" data-step="verified" className={classNames.step}>
      <Heading ref={headingRef} tabIndex={-1} data-part="heading" className={classNames.heading}>
        <svg data-part="icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {t('flow.heading.verified')}
      </Heading>
      <p data-part="message" className={classNames.message}>
        {t('flow.verified', { address })}
      </p>
    </div>
  )
}
