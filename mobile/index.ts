// The app's entry: aws-amplify loads its React Native polyfills itself (through @aws-amplify/react-native).
import { registerRootComponent } from 'expo';
import { App } from './src/App';

registerRootComponent(App);
