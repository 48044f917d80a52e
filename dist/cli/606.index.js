export const id = 606;
export const ids = [606];
export const modules = {

/***/ 606:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   main: () => (/* binding */ main)
/* harmony export */ });
async function main(_argv, io) {
    io.stderr('self-heal parse: not implemented yet\n');
    return 2;
}


/***/ })

};
