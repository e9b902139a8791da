/** The end-user licence agreement shown on /eula. */
export const EULA_TITLE = 'Sunfield End-User Licence Agreement';

export const EULA_SECTIONS: readonly { heading: string; text: string }[] = [
  {
    heading: '1. The software',
    text:
      'Sunfield is an open-source engineering tool for designing photovoltaic power plants and estimating their ' +
      'energy yield. This agreement covers your use of this installation of Sunfield. The source code itself is ' +
      'licensed under its own open-source licence, which this agreement does not change.',
  },
  {
    heading: '2. Use at your own risk',
    text:
      'Energy predictions, losses, layouts and every other result are estimates from models and from the data you ' +
      'provide. They are not a guarantee of the performance of any plant. You are responsible for checking results ' +
      'before you rely on them for engineering, financial or contractual decisions.',
  },
  {
    heading: '3. No warranty',
    text:
      'Sunfield is provided "as is", without warranty of any kind, express or implied, including the warranties of ' +
      'merchantability, fitness for a particular purpose and non-infringement. To the extent the law allows, the ' +
      'authors and the operators of this installation are not liable for any claim, damage or loss arising from ' +
      'the use of Sunfield or of its results.',
  },
  {
    heading: '4. Your data',
    text:
      'Projects, predictions, libraries and other data that you and your colleagues enter belong to your company. ' +
      'The operators of this installation store and process them only to run Sunfield for you, and do not claim ' +
      'any ownership of them. Your company may export or delete its data.',
  },
  {
    heading: '5. Accounts',
    text:
      'Keep your password and API credentials secret. You are responsible for the actions taken with your account. ' +
      'Your company administrators may manage your account and the data you create for the company.',
  },
  {
    heading: '6. Changes',
    text:
      'This agreement may change when Sunfield changes. You will be asked to accept a changed agreement before you ' +
      'continue to use Sunfield.',
  },
];
