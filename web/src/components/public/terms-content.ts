import { PRODUCT_NAME, SUPPORT_EMAIL } from "../../lib/brand";

interface TermsSection {
  title: string;
  paragraphs: string[];
}

export const TERMS_LAST_UPDATED = "May 24, 2025";

/** The 15 sections of the Terms of Service, in the order the spec lists them. */
export const TERMS_SECTIONS: TermsSection[] = [
  {
    title: "Acceptance of Terms",
    paragraphs: [
      `By creating an account or using ${PRODUCT_NAME} (the "Service"), you agree to be bound by these Terms of Service. If you do not agree to these terms, you may not use the Service. If you use the Service on behalf of a firm or organisation, you confirm that you are authorised to accept these terms on its behalf.`,
    ],
  },
  {
    title: "Description of Service",
    paragraphs: [
      `${PRODUCT_NAME} is a web application for advisors and consultants who hold client meetings. You upload audio recordings of meetings, and the Service uses artificial intelligence to transcribe and summarise them, extract action items, and answer questions about your meetings and notes. Features may be added, changed or removed over time.`,
    ],
  },
  {
    title: "User Accounts",
    paragraphs: [
      "You must provide accurate and complete information when you register and keep it up to date. You are responsible for keeping your password and verification codes confidential and for all activity that takes place under your account. Notify us promptly if you suspect any unauthorised use of your account.",
    ],
  },
  {
    title: "Privacy and Data Processing",
    paragraphs: [
      "We process your recordings, transcripts, summaries and notes only to provide the Service to you. Your data is never used to train AI models and is never shared with third parties. Data is encrypted in transit, and you may request export or deletion of your data at any time.",
    ],
  },
  {
    title: "User Content",
    paragraphs: [
      "You keep all rights in the recordings, notes and other content you upload to the Service. By uploading content, you grant us a limited licence to process, store and analyse it in order to provide and improve the Service. This licence ends when you delete the content or close your account, subject to reasonable backup retention periods.",
    ],
  },
  {
    title: "Client Information",
    paragraphs: [
      "Recordings often contain personal and confidential information about your clients. You must obtain consent from your clients before recording a meeting and uploading it to the Service, and you are responsible for complying with all professional, confidentiality and data-protection obligations that apply to you.",
    ],
  },
  {
    title: "Prohibited Uses",
    paragraphs: [
      "You may not use the Service for any unlawful purpose, to record people without their consent, or to upload content you have no right to share. You may not attempt to gain unauthorised access to the Service or other users' data, interfere with its operation, or reverse engineer it. We may suspend accounts that violate these rules.",
    ],
  },
  {
    title: "Subscriptions and Payments",
    paragraphs: [
      "The Service may be offered in free and premium tiers. Premium subscriptions are billed in advance through an external card payment provider and renew automatically until cancelled; you may cancel anytime by contacting support. We may change subscription pricing, and we will give you notice before any change takes effect.",
    ],
  },
  {
    title: "Termination",
    paragraphs: [
      "You may stop using the Service and close your account at any time by contacting support. We may suspend or terminate your access if you breach these terms or if required by law. Upon termination, your right to use the Service ends and your data will be deleted in line with our data-retention practices.",
    ],
  },
  {
    title: "Intellectual Property",
    paragraphs: [
      `The Service, including its software, design, logos and documentation, is owned by ${PRODUCT_NAME} and its licensors and is protected by intellectual-property laws. These terms grant you a limited, non-exclusive, non-transferable right to use the Service; they do not transfer any ownership to you.`,
    ],
  },
  {
    title: "Disclaimers and Limitation of Liability",
    paragraphs: [
      'The Service is provided "as is" and "as available". AI-generated transcripts and summaries may contain errors, and you are responsible for reviewing them before relying on them in your professional work. To the fullest extent permitted by law, we are not liable for indirect, incidental or consequential damages, and our total liability is limited to the fees you paid in the twelve months before the claim.',
    ],
  },
  {
    title: "Changes to Terms",
    paragraphs: [
      'We may update these terms from time to time. When we make material changes, we will notify you and update the "Last Updated" date at the top of this page. Continued use of the Service after the changes take effect means you accept the revised terms.',
    ],
  },
  {
    title: "Governing Law",
    paragraphs: [
      "These terms are governed by the laws of the State of Texas, without regard to its conflict-of-law rules. Any dispute arising from these terms or the Service shall be brought exclusively in the state or federal courts located in the Northern District of Texas, and you consent to the jurisdiction of those courts.",
    ],
  },
  {
    title: "Contact Information",
    paragraphs: [
      `If you have questions about these terms or need help with your account, please contact us at ${SUPPORT_EMAIL}. We aim to reply to every message within one business day.`,
    ],
  },
  {
    title: "Indemnification",
    paragraphs: [
      `You agree to indemnify and hold harmless ${PRODUCT_NAME} and its officers, employees and agents from any claims, damages, losses and expenses, including reasonable legal fees, arising from your use of the Service, your content, or your breach of these terms. This includes claims arising from recordings made without your clients' consent.`,
    ],
  },
];
