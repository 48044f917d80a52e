console.log("action")
