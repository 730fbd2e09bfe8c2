// ESM consumer: imports the package by its name, resolved through "exports" to dist/.
import './dom-globals.mjs'
import * as vue from 'vue'
import * as main from 'vue-webmcp'
import * as testing from 'vue-webmcp/testing'
import { check } from './check.mjs'

await check('ESM', main, testing, vue)
